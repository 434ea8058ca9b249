// The log panel ("What happened"): one sentence per entry, newest first.

import { $, context, page } from "./tablepage.js";
import { fill, h } from "./ui.js";

function describe(event, ctx) {
  if (page.module && page.module.describeEvent) {
    const text = page.module.describeEvent(event, ctx);
    if (text) return text;
  }
  const fields = Object.entries(event).filter(([k]) => k !== "kind").map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${event.kind.replace(/_/g, " ")}${fields.length ? ` (${fields.join(", ")})` : ""}`;
}

export function renderLog() {
  const log = (page.view && page.view.log) || [];
  const list = $("log");
  if (log.length === page.logSize) return;
  page.logSize = log.length;
  const ctx = context();
  const shown = log.slice(-80);
  const items = shown
    .map((event, i) => {
      const text = describe(event, ctx);
      if (text === null) return null;
      return h("li", { class: `ev-${event.kind}`, value: String(log.length - shown.length + i + 1) }, text);
    })
    .filter(Boolean)
    .reverse();
  fill(list, items.length ? items : h("li.muted", null, "Nothing yet."));
}
