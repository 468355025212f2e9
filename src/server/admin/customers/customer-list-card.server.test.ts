import { describe, expect, it } from "vitest";
import { toCustomerListCard, type CustomerCard } from "./customers.server.ts";

describe("toCustomerListCard", () => {
  it("keeps what the Customers screen's card shows and leaves out the rest", () => {
    const card: CustomerCard = {
      email: "ama@shop.test",
      firstName: "Ama",
      lastName: "Owusu",
      displayName: "Ama Owusu",
      initial: "A",
      phone: "+44 7700 900123",
      totalOrders: 2,
      ordersPlaced: 3,
      totalSpentPence: 12_345,
      lastOrderAt: "2026-11-01T10:00:00.000Z",
      hasAccount: true,
      recentOrders: [
        { id: "o-1", shortId: "o-1", number: "#O-1", totalPence: 6_000, createdAt: "2026-11-01T10:00:00.000Z", paymentStatus: "paid", status: "shipped" },
      ],
    };
    expect(toCustomerListCard(card)).toEqual({
      email: "ama@shop.test",
      displayName: "Ama Owusu",
      initial: "A",
      phone: "+44 7700 900123",
      totalOrders: 2,
      ordersPlaced: 3,
      totalSpentPence: 12_345,
      lastOrderAt: "2026-11-01T10:00:00.000Z",
      hasAccount: true,
      // The status too: a cancelled recent order is badged on the card.
      recentOrders: [{ id: "o-1", shortId: "o-1", number: "#O-1", totalPence: 6_000, createdAt: "2026-11-01T10:00:00.000Z", paymentStatus: "paid", status: "shipped" }],
    });
  });
});
