import { describe, expect, it } from "vitest";
import { Refusal } from "../core/refusal";
import { looksLikeSvg, sanitizeSvg } from "./svg";

const wrap = (inner: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe("sanitizeSvg", () => {
  it("removes script and foreignObject elements, whatever their case", () => {
    const out = sanitizeSvg(wrap('<script>alert(1)</script><SCRIPT>x</SCRIPT><foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject><circle r="1"/>'));
    expect(out).not.toMatch(/script|foreignObject/i);
    expect(out).toContain("<circle");
  });

  it("removes event handlers and javascript: or external URLs, keeping same-file references", () => {
    const out = sanitizeSvg(
      wrap(
        '<a xlink:href="javascript:alert(1)"><rect onclick="x()" width="1" height="1"/></a><image href="https://evil.example/x.png"/><use href="#logo"/><rect style="fill:url(https://evil.example/a)"/><circle fill="url(#g)" r="1"/><a href="java&#9;script:alert(1)"/>',
        ' onload="alert(1)"',
      ),
    );
    expect(out).not.toMatch(/onload|onclick|javascript|evil\.example/i);
    expect(out).toContain('href="#logo"');
    expect(out).toContain('fill="url(#g)"');
  });

  it("drops animation that could rewrite links, style imports, processing instructions and the doctype", () => {
    const source = `<?xml version="1.0"?><?xml-stylesheet href="http://evil/a.css"?><!DOCTYPE svg>${wrap(
      '<set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/><style>@import url(http://evil/x.css);</style><style>.a{fill:red}</style>',
    )}`;
    const out = sanitizeSvg(source);
    expect(out).not.toMatch(/<set|<animate|@import|xml-stylesheet|DOCTYPE/);
    expect(out).toContain(".a{fill:red}");
  });

  it("refuses what is not well-formed SVG", () => {
    expect(() => sanitizeSvg("<html><body/></html>")).toThrow(Refusal);
    expect(() => sanitizeSvg("<svg xmlns='http://www.w3.org/2000/svg'><g></svg>")).toThrow(Refusal);
    expect(() => sanitizeSvg("not xml at all")).toThrow(Refusal);
  });

  it("recognises SVG text by its start", () => {
    expect(looksLikeSvg(Buffer.from(`<?xml version="1.0"?>\n${wrap("")}`))).toBe(true);
    expect(looksLikeSvg(Buffer.from("GIF89a"))).toBe(false);
  });
});
