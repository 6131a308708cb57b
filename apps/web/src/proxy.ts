import { NextResponse, type NextRequest } from "next/server";

/**
 * Runs before Next.js routes a request. An address whose percent escapes do not decode (`/join/%E0%A4%A`,
 * a link cut short in a chat) names no page, so it gets the app's "Page not found" (404). Left to the
 * router, a dynamic segment that does not decode is a bare 500 in production (vercel/next.js#92527).
 */
export function proxy(request: NextRequest): NextResponse {
  if (decodes(request.nextUrl.pathname)) return NextResponse.next();
  return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
}

/** Does every percent escape of `path` decode (to UTF-8)? Most paths have none: no work then. */
function decodes(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  // Pages only: Next's own files never carry a user's escapes.
  matcher: ["/((?!_next/static|_next/image|icon.svg).*)"],
};
