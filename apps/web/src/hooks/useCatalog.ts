"use client";
import { fetchCatalog, type CatalogGame } from "@bang/client";
import { useServerUrl } from "@/components/ServerContext";
import { usePolled } from "./useAdmin";

/** The games the server hosts (GET /api/games/catalog), loaded once: the lobby's and the filters' choices. */
export function useCatalog(): { games: CatalogGame[] | null; problem: unknown; reload: () => void } {
  const url = useServerUrl();
  const { data, problem, reload } = usePolled(() => fetchCatalog(url), [url]);
  return { games: data, problem, reload };
}
