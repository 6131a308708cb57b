/**
 * A page's dynamic path segment as text: percent-decoded, or as it came when its escapes are malformed
 * (`%E0%A4%A`), so that such a URL reaches the page's own "not found" answer instead of a 500.
 */
export function pathParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
