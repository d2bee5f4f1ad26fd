// A tiny element builder: enough for this app, no framework.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | ((e: Event) => void) | undefined>;

export function h(tag: string, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function mount(root: HTMLElement, ...nodes: Node[]): void {
  root.replaceChildren(...nodes);
}

/** Opens each folding section (`<details>`) under `next` that was open under `before`, matched
 * by its test id or else its summary's text: a background refresh must not fold a form an
 * official has just opened to fill in. */
export function keepOpen(before: ParentNode, next: ParentNode): void {
  const key = (d: Element) => d.getAttribute("data-testid") ?? d.querySelector(":scope > summary")?.textContent ?? "";
  const open = new Set(Array.from(before.querySelectorAll("details[open]"), key));
  for (const d of next.querySelectorAll("details")) if (open.has(key(d))) (d as HTMLDetailsElement).open = true;
}
