/**
 * Lighthouse's performance category on pages of a running shop, with its default settings: a
 * mid-range phone on slow 4G (simulated throttling, 4× CPU slowdown).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

export interface LighthouseResult {
  url: string;
  /** 0–100 */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred, in bytes as served (compressed as the browser asked: brotli for Chromium). */
  jsBytes: number;
  /** The scripts the page loaded. */
  scriptUrls: string[];
  /** Everything transferred, in bytes. */
  totalBytes: number;
}

const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS];

/** Each URL `runs` times (default 3); per URL, the run with the median performance score. */
export async function runLighthouse(urls: string[], options: { runs?: number } = {}): Promise<LighthouseResult[]> {
  const runs = Math.max(1, options.runs ?? 3);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const measured: LighthouseResult[] = [];
      for (let run = 0; run < runs; run++) {
        const answer = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
        if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
        measured.push(summarise(url, answer.lhr));
      }
      measured.sort((a, b) => a.performance - b.performance);
      results.push(measured[Math.floor(measured.length / 2)]!);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

function summarise(url: string, lhr: Result): LighthouseResult {
  const score = lhr.categories.performance?.score;
  if (lhr.runtimeError || score == null) {
    throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError?.message ?? "no performance score"}`);
  }
  const resources = lhr.audits["resource-summary"]?.details;
  const rows = resources?.type === "table" ? resources.items : [];
  const transferred = (type: string) => Number(rows.find((row) => row.resourceType === type)?.transferSize ?? 0);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details;
  const scriptUrls = (requests?.type === "table" ? requests.items : [])
    .filter((item) => item.resourceType === "Script")
    .map((item) => String(item.url));
  return {
    url,
    performance: Math.round(score * 100),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    jsBytes: transferred("script"),
    scriptUrls,
    totalBytes: transferred("total"),
  };
}
