"use client";
import { createContext, useContext, type ReactNode } from "react";

const ServerUrl = createContext<string>("http://127.0.0.1:8080");

/** Gives every client component the game server's URL (from the layout, read on the server). */
export function ServerProvider({ url, children }: { url: string; children: ReactNode }) {
  return <ServerUrl.Provider value={url}>{children}</ServerUrl.Provider>;
}

/** The game server's HTTP base URL. */
export function useServerUrl(): string {
  return useContext(ServerUrl);
}
