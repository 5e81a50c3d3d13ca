/**
 * Power BI's own hosts: `*.powerbi.com` and its regional clusters (`*.analysis.windows.net`), and
 * the US government and China clouds (`*.powerbigov.us`, `*.powerbi.cn`). A Power BI embed page may hand over to
 * another of these hosts (a regional cluster, a sign-in page of the same service), so a frame that
 * ends up on one of them is trusted like its embed URL's origin (decision 0092).
 */
const powerBiOrigin =
  /^https:\/\/[\w.-]+\.(powerbi\.(com|cn)|powerbigov\.us|analysis\.windows\.net)$/;

/** True for an https origin on one of Power BI's hosts (on the default port, as Power BI serves). */
export function isPowerBiOrigin(origin: string): boolean {
  return powerBiOrigin.test(origin);
}
