import { createContext, useContext, useState } from "react";

/**
 * The site's stylesheet as text. The server's entry provides it (it is the built app.css), so
 * the page carries its styles and paints without waiting for a second request. The browser
 * never downloads it as script: on hydration the component reads back what the page holds.
 */
export const StylesheetText = createContext("");

const ID = "site-css";

export function InlineStylesheet() {
  const fromServer = useContext(StylesheetText);
  const [text] = useState(() => fromServer || (typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? "")));
  return <style id={ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
