"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { loadGuest } from "@/lib/storage";

const LINKS = [
  ["/play", "Play"],
  ["/watch", "Watch"],
  ["/leaderboard", "Leaderboards"],
  ["/tournaments", "Tournaments"],
] as const;

/**
 * The site's header on every player page: play, games to watch, leaderboards, tournaments, the
 * player's own page (once this browser has a name) and the dashboard. One line that scrolls sideways
 * on a phone. The dashboard's pages have their own navigation, so it is left out there.
 */
export function SiteNav() {
  const path = usePathname() ?? "/";
  const [me, setMe] = useState<string | null>(null);
  // The name is picked on a page of its own: read it again on every page change.
  useEffect(() => setMe(loadGuest(window.localStorage)?.player.id ?? null), [path]);
  if (path.startsWith("/admin") && !path.startsWith("/admin/login")) return null;
  const active = (href: string) => (path === href || path.startsWith(`${href}/`) ? "active" : "");
  return (
    <nav className="site-nav" data-testid="site-nav">
      <Link href="/" className="brand">
        Bang!
      </Link>
      {LINKS.map(([href, label]) => (
        <Link key={href} href={href} className={active(href)}>
          {label}
        </Link>
      ))}
      {me && (
        <Link href={`/players/${encodeURIComponent(me)}`} className={active(`/players/${me}`)} data-testid="nav-me">
          My games
        </Link>
      )}
      <Link href="/admin" className="admin-link">
        Admin
      </Link>
    </nav>
  );
}
