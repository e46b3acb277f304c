import { ACCOUNT_TEXTS as T } from "./account-texts";

/** Browser names by user-agent mark, the more specific first (Edge and Opera also say Chrome). */
const BROWSERS: Array<[RegExp, string]> = [
  [/EdgA?\/|Edg(iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const first = (list: Array<[RegExp, string]>, agent: string) => list.find(([pattern]) => pattern.test(agent))?.[1];

/** A short name for a device from its user agent: 'Chrome on Android', 'Safari on iPhone'. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? T.unknownDevice;
}
