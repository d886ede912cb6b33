"""Layout read back from the DOM of a page (Chromium): what overflows the viewport, which boxes
scroll, whether chart labels overlap or are clipped, whether the input's placeholder fits. Each
function returns a list of problems (empty when the layout is right), so a failing test says what
and where."""
from __future__ import annotations

# Everything in one evaluate: the page's own width against the viewport; every answer and its
# parts inside the viewport; a table wider than its box only inside a box that scrolls sideways.
PAGE_JS = r"""
() => {
  const vw = document.documentElement.clientWidth, out = [];
  const root = document.scrollingElement || document.documentElement;
  if (root.scrollWidth > vw + 1) out.push(`page scrolls sideways: ${root.scrollWidth} > ${vw}`);
  const inside = (node, what) => {
    const r = node.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.right > vw + 1)) out.push(`${what} outside the viewport: ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
  };
  document.querySelectorAll(".msg").forEach((m, i) => inside(m, `message ${i}`));
  document.querySelectorAll("table.claims").forEach((table, i) => {
    const box = table.closest(".table-wrap");
    if (!box) { out.push(`table ${i} has no scroll box`); return; }
    inside(box, `table ${i}'s box`);
    const ox = getComputedStyle(box).overflowX;
    if (box.scrollWidth > box.clientWidth + 1 && !["auto", "scroll"].includes(ox)) out.push(`table ${i} is cut (overflow-x ${ox})`);
    // every column can be reached: scrolled to its end, the last column lies inside the box
    box.scrollLeft = box.scrollWidth;
    const last = table.querySelector("tr th:last-child"), br = box.getBoundingClientRect();
    if (last) {
      const r = last.getBoundingClientRect();
      if (r.right > br.right + 1 || r.left < br.left - 1) out.push(`table ${i}'s last column unreachable`);
    }
    box.scrollLeft = 0;
  });
  return out;
}
"""

CHART_JS = r"""
() => {
  const vw = document.documentElement.clientWidth, out = [];
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  document.querySelectorAll(".chart").forEach((div, i) => {
    const svg = div.querySelector(".main-svg");
    if (!svg) { out.push(`chart ${i} not drawn`); return; }
    const box = svg.getBoundingClientRect(), d = div.getBoundingClientRect();
    if (d.left < -1 || d.right > vw + 1) out.push(`chart ${i} outside the viewport`);
    if (box.right > d.right + 1) out.push(`chart ${i} wider than its box: ${box.width} > ${d.width}`);
    const within = (r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    div.querySelectorAll(".gtitle").forEach((tnode) => {
      if (!within(tnode.getBoundingClientRect())) out.push(`chart ${i} title clipped: "${tnode.textContent}"`);
    });
    const ticks = [...div.querySelectorAll(".xtick text")].map((n) => [n.textContent, n.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0);
    ticks.forEach(([text, r]) => { if (!within(r)) out.push(`chart ${i} x label clipped: "${text}"`); });
    for (let a = 0; a < ticks.length; a++) for (let b = a + 1; b < ticks.length; b++) {
      if (overlap(ticks[a][1], ticks[b][1])) out.push(`chart ${i} x labels overlap: "${ticks[a][0]}" / "${ticks[b][0]}"`);
    }
  });
  return out;
}
"""

# The placeholder's rendered width (canvas measureText with the input's own font) against the
# input's content box.
PLACEHOLDER_JS = r"""
() => {
  const input = document.getElementById("question"), cs = getComputedStyle(input);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const need = ctx.measureText(input.placeholder).width;
  return need <= room ? [] : [`placeholder "${input.placeholder}" needs ${Math.ceil(need)} px, has ${Math.floor(room)}`];
}
"""

# Boxes that a toast must never cover: the input form and every answer.
TOAST_JS = r"""
() => {
  const out = [], overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const covered = [["the input", document.getElementById("ask")],
                   ...[...document.querySelectorAll(".msg")].map((m, i) => [`message ${i}`, m])];
  document.querySelectorAll(".notification").forEach((n, i) => {
    const r = n.getBoundingClientRect();
    if (!r.width) return;
    for (const [name, node] of covered) {
      // only the part of a message visible in the chat log counts (the log scrolls)
      const log = document.getElementById("log").getBoundingClientRect(), b = node.getBoundingClientRect();
      const seen = name === "the input" ? b : {left: b.left, right: b.right, top: Math.max(b.top, log.top), bottom: Math.min(b.bottom, log.bottom)};
      if (seen.bottom > seen.top && overlap(r, seen)) out.push(`toast ${i} covers ${name}`);
    }
  });
  return out;
}
"""


def page_problems(page) -> list[str]:
    return page.evaluate(PAGE_JS)


def chart_problems(page) -> list[str]:
    return page.evaluate(CHART_JS)


def placeholder_problems(page) -> list[str]:
    return page.evaluate(PLACEHOLDER_JS)


def toast_problems(page) -> list[str]:
    return page.evaluate(TOAST_JS)
