import { createSigner } from "fast-jwt";
import { describe, expect, it } from "vitest";
import { createIdentity } from "../src/identity/tokens.js";

const SECRET = "identity-test-secret-0123456789";

describe("guest tokens", () => {
  it("verifies what it issues: the player, and an expiry about 30 days ahead", () => {
    const identity = createIdentity(SECRET);
    const player = identity.verify(identity.issue({ id: "p-1", name: "ann" }));
    expect(player).toMatchObject({ id: "p-1", name: "ann", kind: "guest" });
    expect(player!.expiresAt! - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("refuses a token signed with another key, a token without expiry, and one of another kind", () => {
    const identity = createIdentity(SECRET);
    const other = createSigner({ key: "another-secret-0123456789abcdef", algorithm: "HS256", expiresIn: 60_000 });
    expect(identity.verify(other({ sub: "p-1", name: "ann", kind: "guest" }))).toBeNull();
    const noExpiry = createSigner({ key: SECRET, algorithm: "HS256" });
    expect(identity.verify(noExpiry({ sub: "p-1", name: "ann", kind: "guest" }))).toBeNull();
    const sameKey = createSigner({ key: SECRET, algorithm: "HS256", expiresIn: 60_000 });
    expect(identity.verify(sameKey({ sub: "p-1", name: "ann", kind: "admin" }))).toBeNull();
    expect(identity.verify(sameKey({ sub: "p-1", name: "ann", kind: "guest" }))).toMatchObject({ id: "p-1" });
    expect(identity.verify("not-a-token")).toBeNull();
  });
});
