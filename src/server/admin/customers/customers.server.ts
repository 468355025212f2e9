// The admin Customers screen (admin.md sections 2, 3, 9): customers derived from orders by
// e-mail, read from customer_stats, which the orders trigger keeps in the same transaction as
// every order write (decision 021). A page is an index scan in "total spent, descending" order;
// a search is one pass over the 40,000-row summary, never over the orders.
import { asc, desc, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  averageOrderValue,
  containsPattern,
  CUSTOMERS_PAGE_SIZE,
  customerDisplayName,
  customerInitial,
  customerSearchTerms,
  RECENT_ORDERS_PER_CUSTOMER,
} from "../../../domain/admin/customers.ts";
import { ERASED_EMAIL } from "../../../domain/guest-email.ts";
import { formatOrderNumber, shortOrderId } from "../../../domain/order-number.ts";
import { clampPage, pageCount } from "../../../domain/pagination.ts";
import type { Database } from "../../db/client.server.ts";
import { rowsOf } from "../../db/raw-rows.server.ts";
import { customerStats, orders, user } from "../../db/schema.ts";

export type CustomerRecentOrder = {
  id: string;
  shortId: string;
  number: string;
  totalPence: number;
  createdAt: string;
  paymentStatus: string;
  status: string;
};

export type CustomerCard = {
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  initial: string;
  phone: string;
  /** Paid orders (what Total Orders counts) and every order placed with this e-mail. */
  totalOrders: number;
  ordersPlaced: number;
  totalSpentPence: number;
  /** The last paid order's date; null shows "Never". */
  lastOrderAt: string | null;
  /** A shop account exists with this e-mail. */
  hasAccount: boolean;
  recentOrders: CustomerRecentOrder[];
};

/**
 * One customer as the Customers screen's card shows it: the page's data is sent besides its HTML,
 * so it leaves out what the card does not show (the JSON API sends the whole CustomerCard).
 */
export type CustomerListCard = Omit<CustomerCard, "firstName" | "lastName" | "recentOrders"> & {
  recentOrders: CustomerRecentOrder[];
};

export function toCustomerListCard(customer: CustomerCard): CustomerListCard {
  return {
    email: customer.email,
    displayName: customer.displayName,
    initial: customer.initial,
    phone: customer.phone,
    totalOrders: customer.totalOrders,
    ordersPlaced: customer.ordersPlaced,
    totalSpentPence: customer.totalSpentPence,
    lastOrderAt: customer.lastOrderAt,
    hasAccount: customer.hasAccount,
    recentOrders: customer.recentOrders.map((order) => ({
      id: order.id,
      shortId: order.shortId,
      number: order.number,
      totalPence: order.totalPence,
      createdAt: order.createdAt,
      paymentStatus: order.paymentStatus,
      status: order.status,
    })),
  };
}

export type CustomerSummary = {
  /** Customers with at least one paid order. */
  totalCustomers: number;
  /** Customers listed whose orders were never paid or were refunded in full. */
  customersNotPaying: number;
  totalRevenuePence: number;
  totalOrders: number;
  averageOrderValuePence: number;
};

export type CustomerList = {
  items: CustomerCard[];
  /** Customers matching the search (all customers without one). */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  search: string;
  /** The whole shop's figures, whatever the search. */
  summary: CustomerSummary;
};

export type CustomerListQuery = { search?: string | null; page?: number };

function searchCondition(search: string | null | undefined): SQL | undefined {
  const terms = customerSearchTerms(search);
  if (!terms) return undefined;
  const byText = sql`${customerStats.searchText} like ${containsPattern(terms.text)}`;
  return terms.digits ? or(byText, sql`${customerStats.searchText} like ${containsPattern(terms.digits)}`) : byText;
}

export async function listCustomers(db: Database, query: CustomerListQuery = {}): Promise<CustomerList> {
  const search = (query.search ?? "").trim();
  const where = searchCondition(search);
  // The sums of customer_stats, kept in one row by the same trigger, and the paid orders of
  // customers whose personal data was erased: no longer anyone's, so not in customer_stats, but
  // still the shop's orders and revenue (src/domain/admin/personal-data.ts). Read through
  // orders_admin_list_idx (customer_email first).
  const summaryResult = await db.execute(sql`
    select customers::int as customers, paying_customers::int as paying,
      paid_orders::float8 + erased.orders as orders, paid_total_pence::float8 + erased.revenue as revenue
    from customer_totals,
      (select count(*)::float8 as orders, coalesce(sum(total_amount_pence - refunded_pence), 0)::float8 as revenue
       from orders where customer_email = ${ERASED_EMAIL} and payment_status in ('paid', 'partially_refunded')) as erased
    where id = 1`);
  const [summaryRow] = rowsOf<{ customers: number; paying: number; orders: number; revenue: number }>(summaryResult);
  // Everyone is listed (an owner may look up a checkout left unpaid); buyers are counted.
  const listedCustomers = Number(summaryRow?.customers ?? 0);
  const payingCustomers = Number(summaryRow?.paying ?? 0);
  const totalOrders = Number(summaryRow?.orders ?? 0);
  const totalRevenuePence = Number(summaryRow?.revenue ?? 0);
  const pageOf = (page: number) =>
    db
      .select({
        email: customerStats.email,
        firstName: customerStats.firstName,
        lastName: customerStats.lastName,
        phone: customerStats.phone,
        paidOrders: customerStats.paidOrders,
        ordersCount: customerStats.ordersCount,
        paidTotalPence: customerStats.paidTotalPence,
        lastPaidAt: customerStats.lastPaidAt,
        // A search's matches are counted in the same pass over the summary as its page; without
        // a search the count comes from customer_totals and the page from the index alone.
        matching: where ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`.mapWith(Number),
      })
      .from(customerStats)
      .where(where)
      .orderBy(desc(customerStats.paidTotalPence), asc(customerStats.email))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((page - 1) * CUSTOMERS_PAGE_SIZE);
  const count = async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(customerStats).where(where))[0]?.n ?? 0);

  let page = Math.max(1, Math.floor(query.page ?? 1));
  let rows = where || listedCustomers > 0 ? await pageOf(page) : [];
  let total = where ? (rows[0]?.matching ?? null) : listedCustomers;
  if (total === null) total = page > 1 ? await count() : 0;
  const pages = pageCount(total, CUSTOMERS_PAGE_SIZE);
  // A page past the end shows the last one.
  if (rows.length === 0 && total > 0) {
    page = clampPage(page, pages);
    rows = await pageOf(page);
  }

  const emails = rows.map((row) => row.email);
  // Two look-ups by index for the page's 20 e-mails (the user table's unique e-mail index and
  // orders by e-mail), rather than joins the planner may turn into scans of whole tables.
  const [recentByEmail, accounts] = await Promise.all([
    recentOrdersOf(db, emails),
    emails.length === 0 ? [] : db.select({ email: user.email }).from(user).where(inArray(user.email, emails)),
  ]);
  const withAccount = new Set(accounts.map((account) => account.email));
  return {
    items: rows.map((row) => ({
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      displayName: customerDisplayName(row.firstName, row.lastName, row.email),
      initial: customerInitial(row.firstName, row.lastName, row.email),
      phone: row.phone,
      totalOrders: Number(row.paidOrders),
      ordersPlaced: Number(row.ordersCount),
      totalSpentPence: Number(row.paidTotalPence),
      lastOrderAt: row.lastPaidAt ? row.lastPaidAt.toISOString() : null,
      hasAccount: withAccount.has(row.email),
      recentOrders: recentByEmail.get(row.email) ?? [],
    })),
    total,
    page,
    pageSize: CUSTOMERS_PAGE_SIZE,
    pageCount: pages,
    search,
    summary: { totalCustomers: payingCustomers, customersNotPaying: listedCustomers - payingCustomers, totalRevenuePence, totalOrders, averageOrderValuePence: averageOrderValue(totalRevenuePence, totalOrders) },
  };
}

/** Each customer's 3 newest orders, paid or not, from the (customer_email, created_at) index. */
async function recentOrdersOf(db: Database, emails: string[]): Promise<Map<string, CustomerRecentOrder[]>> {
  const result = new Map<string, CustomerRecentOrder[]>();
  if (emails.length === 0) return result;
  const ranked = db
    .select({
      id: orders.id,
      email: orders.customerEmail,
      totalPence: orders.totalAmountPence,
      createdAt: orders.createdAt,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      rank: sql<number>`row_number() over (partition by ${orders.customerEmail} order by ${orders.createdAt} desc, ${orders.id} desc)`.as("rank"),
    })
    .from(orders)
    .where(inArray(orders.customerEmail, emails))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${RECENT_ORDERS_PER_CUSTOMER}`)
    .orderBy(asc(ranked.email), asc(ranked.rank));
  for (const row of rows) {
    const list = result.get(row.email) ?? [];
    list.push({
      id: row.id,
      shortId: shortOrderId(row.id),
      number: formatOrderNumber(row.id),
      totalPence: row.totalPence,
      createdAt: new Date(row.createdAt).toISOString(),
      paymentStatus: row.paymentStatus,
      status: row.status,
    });
    result.set(row.email, list);
  }
  return result;
}
