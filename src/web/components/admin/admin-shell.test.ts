// The admin layout as the server renders it: a keyboard reaches the page without tabbing through
// the sidebar, because the first thing it can focus is a link to the page's main element.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { adminShell } from "../../../domain/messages/admin.ts";
import { AdminShell } from "./admin-shell.tsx";

// NavLink, Form and useLocation need a data router around the shell.
function render(props: { mustEnrol?: boolean; testPayments?: boolean } = {}): string {
  const element = createElement(AdminShell, { email: "owner@example.com", shopName: "Kente & Co", ...props, children: createElement("h1", null, "Orders") });
  const router = createMemoryRouter([{ path: "/admin/orders", element }], { initialEntries: ["/admin/orders"] });
  return renderToString(createElement(RouterProvider, { router }));
}

/** The opening tags of what a keyboard can reach, in page order. */
const focusable = (html: string) => html.match(/<(a|button|input|select|textarea)\b[^>]*>/g) ?? [];

describe("AdminShell skip link", () => {
  it.each([{}, { mustEnrol: true }, { testPayments: true }])("comes before every other control and names the content (%o)", (props) => {
    const html = render(props);
    const [first] = focusable(html);
    expect(first).toMatch(/^<a\b/);
    expect(first).toContain('href="#main"');
    expect(html).toMatch(new RegExp(`href="#main"[^>]*>${adminShell.skipToContent}</a>`));
  });

  it("is hidden until focused", () => {
    const [first] = focusable(render());
    expect(first).toMatch(/class="sr-only focus:not-sr-only /);
  });

  it("targets the one main element, which takes the focus and holds the page", () => {
    const html = render();
    expect(html.match(/id="main"/g)).toHaveLength(1);
    const main = html.match(/<main\b[^>]*>/)?.[0] ?? "";
    expect(main).toContain('id="main"');
    expect(main).toContain('tabindex="-1"');
    expect(html.slice(html.indexOf(main))).toContain("<h1>Orders</h1>");
  });
});

describe("AdminShell frame", () => {
  it("names the shop whose back office it is, in the phone's top bar and in the sidebar", () => {
    const html = render();
    expect(html.match(/title="Kente &amp; Co">Kente &amp; Co</g)).toHaveLength(2);
    expect(html).toContain(`>${adminShell.adminPanel}</span>`);
  });
});
