// The rules reference page (/rules/<game>): a search box that shows only the statements,
// rulings and paragraphs containing every word typed, with the headings they sit under.
// The page's text is the server's rendering of docs/rules/<rule system>.md.

const doc = document.getElementById("rules");
const input = document.getElementById("rules-q");
const count = document.getElementById("rules-count");
const none = document.getElementById("rules-none");

// the searchable blocks in document order; a heading starts a section of its level
const blocks = [...doc.querySelectorAll("h1, h2, h3, h4, li, p, tr")].filter((b) => !b.closest("li") || b.tagName === "LI");

function level(b) {
  return /^H\d$/.test(b.tagName) ? Number(b.tagName[1]) : 0;
}

function search(query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) {
    blocks.forEach((b) => { b.hidden = false; });
    count.textContent = "";
    none.hidden = true;
    return;
  }
  // a statement matches when every word is in it or in the headings it sits under
  // ("empty treasury" finds the statements of "16.3 An empty Treasury")
  let found = 0;
  const heads = [];
  const shown = blocks.map((b) => {
    const lv = level(b);
    if (lv) {
      heads.length = lv - 1;
      heads[lv - 1] = b.textContent.toLowerCase();
      return false;
    }
    const text = `${heads.join(" ")} ${b.textContent.toLowerCase()}`;
    const hit = words.every((w) => text.includes(w));
    if (hit && b.tagName === "LI") found += 1;
    return hit;
  });
  // a heading stays when something under it (before the next heading of its level or higher) is shown
  blocks.forEach((b, i) => {
    const lv = level(b);
    if (!lv) return;
    for (let j = i + 1; j < blocks.length; j++) {
      const lj = level(blocks[j]);
      if (lj && lj <= lv) break;
      if (!lj && shown[j]) { shown[i] = true; break; }
    }
  });
  blocks.forEach((b, i) => { b.hidden = !shown[i]; });
  count.textContent = found === 1 ? "1 statement" : `${found} statements`;
  none.hidden = found > 0 || shown.some(Boolean);
}

input.addEventListener("input", () => {
  search(input.value);
  const url = new URL(location.href);
  if (input.value) url.searchParams.set("q", input.value); else url.searchParams.delete("q");
  history.replaceState(null, "", url);
});

const q = new URLSearchParams(location.search).get("q");
if (q) {
  input.value = q;
  search(q);
}
// The search box stays at the top of the page (sticky): a rule a link points at must land
// below it, not under it. The page's scroll padding is the box's height (measured, as it
// wraps differently on a phone), which the browser's own jump to #anchor respects too.
const box = document.querySelector(".rules-search");
function padForTheBox() {
  document.documentElement.style.scrollPaddingTop = `${Math.ceil(box.getBoundingClientRect().height) + 8}px`;
}
padForTheBox();
window.addEventListener("resize", padForTheBox);

// a link from the table's log points at one statement: bring it into view, marked (:target)
function showTarget() {
  if (!location.hash) return;
  const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView({ block: "start" });
}
showTarget();
// the browser jumps to the anchor again once the page has loaded (fonts, layout): do it last
if (document.readyState === "complete") showTarget();
else window.addEventListener("load", () => { padForTheBox(); showTarget(); }, { once: true });
