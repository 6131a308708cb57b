"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useServerUrl } from "@/components/ServerContext";
import { codeOf } from "@/lib/errors";
import { signInPath } from "@/lib/next";
import { loadAdmin, saveAdmin, type StoredAdmin } from "@/lib/storage";

/** The admin session of this browser, and a way to call the admin API with it. */
export interface AdminContext {
  url: string;
  admin: StoredAdmin | null;
  /** Runs an admin API call with the session token; an expired or refused session signs out to the sign-in page. */
  call<T>(f: (url: string, token: string) => Promise<T>): Promise<T>;
  signOut(): void;
}

/** The page being shown, for the sign-in page to return to. */
const here = () => `${window.location.pathname}${window.location.search}`;

/** Thin hook: reads the stored session, sends to /admin/login without one (saying why, and which page to return to). */
export function useAdmin(): AdminContext {
  const url = useServerUrl();
  const router = useRouter();
  const [admin, setAdmin] = useState<StoredAdmin | null>(null);

  useEffect(() => {
    const stored = loadAdmin(window.localStorage);
    if (!stored) {
      const had = window.localStorage.getItem("bang.admin") !== null;
      saveAdmin(window.localStorage, null);
      router.replace(signInPath(here(), had ? "expired" : undefined));
    } else setAdmin(stored);
  }, [router]);

  const signOut = useCallback(() => {
    saveAdmin(window.localStorage, null);
    router.replace("/admin/login");
  }, [router]);

  const call = useCallback(
    async <T,>(f: (url: string, token: string) => Promise<T>): Promise<T> => {
      const stored = loadAdmin(window.localStorage);
      // Without a session the mount effect above sends to the sign-in page (saying why).
      if (!stored) throw Object.assign(new Error("Sign in as an admin first"), { code: "ADMIN_REQUIRED" });
      try {
        return await f(url, stored.token);
      } catch (e) {
        const code = codeOf(e);
        if (code === "SESSION_EXPIRED" || code === "ADMIN_REQUIRED") {
          saveAdmin(window.localStorage, null);
          router.replace(signInPath(here(), code === "SESSION_EXPIRED" ? "expired" : "required"));
        }
        throw e;
      }
    },
    [url, router],
  );

  return useMemo(() => ({ url, admin, call, signOut }), [url, admin, call, signOut]);
}

/** Loads `f` once and again every `refreshMs` (0: never), keeping the last value and problem. */
export function usePolled<T>(f: () => Promise<T>, deps: unknown[], refreshMs = 0): { data: T | null; problem: unknown; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      f()
        .then((d) => {
          if (!live) return;
          setData(d);
          setProblem(null);
        })
        .catch((e: unknown) => live && setProblem(e));
    void load();
    const timer = refreshMs > 0 ? setInterval(load, refreshMs) : null;
    return () => {
      live = false;
      if (timer) clearInterval(timer);
    };
  }, [...deps, tick]); // eslint-disable-line react-hooks/exhaustive-deps
  return { data, problem, reload: () => setTick((t) => t + 1) };
}
