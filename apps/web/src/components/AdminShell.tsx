"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import type { AdminContext } from "@/hooks/useAdmin";

const LINKS = [
  ["/admin", "Live games"],
  ["/admin/history", "History"],
  ["/admin/stats", "Statistics"],
  ["/admin/queues", "Queues"],
  ["/admin/tournaments", "Tournaments"],
  ["/admin/nodes", "Nodes"],
] as const;

/** The dashboard's frame: navigation, who is signed in, sign out. Renders nothing secret before the session is read. */
export function AdminShell({ ctx, children }: { ctx: AdminContext; children: ReactNode }) {
  const path = usePathname();
  return (
    <div className="admin">
      <nav className="admin-nav">
        <b>Bang! admin</b>
        {LINKS.map(([href, label]) => (
          <Link key={href} href={href} className={path === href ? "active" : ""}>
            {label}
          </Link>
        ))}
        <span className="spacer" />
        {ctx.admin && <span data-testid="admin-name">{ctx.admin.name}</span>}
        <button type="button" className="link" onClick={ctx.signOut}>
          Sign out
        </button>
      </nav>
      <main>{ctx.admin ? children : <p>Checking your session…</p>}</main>
    </div>
  );
}
