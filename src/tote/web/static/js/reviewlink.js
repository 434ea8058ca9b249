// "Review the game" at the end of a game (issue 26): added to the result panel's actions
// beside "Watch the replay" whenever standings.js draws it for a finished table. A click
// asks the server for the review (computed once, in the background), shows its progress,
// then each seat's summary and the chart in a panel under the result, with links into
// the replay, where every move shows its mark. Imported once by table.js.

import { $, context, page, tableId } from "./tablepage.js";
import { chart, progressLine, runReview, summaryPanel } from "./review.js";
import { fill, h, toastRefusal } from "./ui.js";

const replayUrl = (hash) => `/replay/${encodeURIComponent(tableId)}#${hash}`;
let running = false;

function panel() {
  let box = $("review");
  if (!box) {
    box = h("section.panel.review-panel#review", { "aria-live": "polite" });
    $("result").after(box);
  }
  box.hidden = false;
  return box;
}

async function review(button) {
  if (running) return;
  running = true;
  button.disabled = true;
  const box = panel();
  try {
    const answer = await runReview(tableId, (now) => {
      if (now.status !== "done") fill(box, h("h2", null, "The review"), progressLine(now));
    });
    show(box, answer.review);
    button.textContent = "Show the review";
  } catch (err) {
    fill(box, h("h2", null, "The review"), h("p.error-text", { role: "alert" }, `No review: ${err.message}`));
    toastRefusal(err.rule, err.message, "No review");
  } finally {
    running = false;
    button.disabled = false;
  }
}

function show(box, review) {
  const names = context().names;
  const steps = Math.max(1, ...review.decisions.map((d) => d.step || 0));
  fill(
    box,
    h("h2", null, "The review"),
    h("p.help", null, "Every bet is valued from what its player knew at the time. Luck is what the bets earned beyond what they were expected to earn."),
    chart(review, names, steps),
    summaryPanel(review, names, { href: (step, seat) => replayUrl(`step=${step}&seat=${seat}`) }),
    h("p.result-actions", null, h("a.button.primary.review-replay", { href: replayUrl("step=0") }, "See every move marked in the replay")),
  );
  box.scrollIntoView({ block: "start", behavior: "smooth" });
}

function addButton(box) {
  if (box.hidden || box.querySelector("button.review-button") || !page.table || page.table.status !== "finished") return;
  const actions = box.querySelector("p.result-actions") || box.querySelector("p:last-of-type");
  const button = h("button.review-button", { type: "button" }, "Review the game");
  button.addEventListener("click", () => review(button));
  if (actions) actions.append(" ", button);
  else box.append(h("p.result-actions", null, button));
}

const box = $("result");
if (box) new MutationObserver(() => addButton(box)).observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
