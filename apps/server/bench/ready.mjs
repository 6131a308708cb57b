/** Resolves once the node at `url` answers GET /readyz 200; throws after about `seconds` s. */
export async function waitReady(url, seconds = 30) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    if (i > seconds * 10) throw new Error("the server did not become ready");
    await new Promise((r) => setTimeout(r, 100));
  }
}
