import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { ServerProvider } from "@/components/ServerContext";
import { SiteNav } from "@/components/SiteNav";
import "./globals.css";

export const metadata: Metadata = { title: "Bang!", description: "Play the Bang! family of western games, watch and replay games" };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** The game server's URL as the browser reaches it: BANG_SERVER_URL, read at request time. */
function serverUrl(): string {
  return process.env.BANG_SERVER_URL ?? "http://127.0.0.1:8080";
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Render per request, so that BANG_SERVER_URL is the one of the running process, not of the build.
  await connection();
  return (
    <html lang="en">
      <body>
        <ServerProvider url={serverUrl()}>
          <SiteNav />
          {children}
        </ServerProvider>
      </body>
    </html>
  );
}
