// A tiny element builder and the morph that puts a freshly drawn screen onto the live one: no
// framework. A screen is drawn whole with `h()` into a detached tree, then `morph` keeps every live
// element a person is using (focused, pressed, changed, open, or owned by its screen's code) and
// the path to it, updates those in place, and puts the new draw everywhere else.

type Child = Node | string | number | null | undefined | false;
type Handler = (e: Event) => void;
type Attrs = Record<string, string | number | boolean | Handler | undefined>;

/** Each element's handlers by event type, as `h()` was given them: one real listener per element
 * and type calls the current one, so a kept element runs the newest draw's closure. */
const handlers = new WeakMap<Element, Map<string, Handler>>();

function listen(el: Element, type: string, fn: Handler): void {
  let map = handlers.get(el);
  if (!map) {
    map = new Map();
    handlers.set(el, map);
  }
  if (!map.has(type)) el.addEventListener(type, (e) => handlers.get(el)?.get(type)?.call(el, e));
  map.set(type, fn);
}

/** Stand-ins for live nodes a draw includes again (an element its screen owns, `own`): the draw
 * holds a placeholder, and `morph` leaves the live node where it is. */
const standIns = new WeakMap<Node, Node>();

export function h(tag: string, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") listen(el, k.slice(2).toLowerCase(), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    if (c instanceof Node && c.isConnected) {
      // Appending it would take it (and a focus inside it) off the page.
      const stand = document.createComment("kept");
      standIns.set(stand, c);
      el.append(stand);
    } else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** A stand-in for `live` (on the page) in a new draw: `morph` leaves it as it is. */
export function asIs(live: Node): Node {
  const stand = document.createComment("as is");
  standIns.set(stand, live);
  return stand;
}

/** Replaces everything under `root` (a screen opened anew). */
export function mount(root: HTMLElement, ...nodes: Node[]): void {
  root.replaceChildren(...nodes.map((n) => standIns.get(n) ?? n));
}

/** Elements whose content their screen's own code draws (a confirm step, a form opened in a
 * panel), by key: kept across redraws of the screen until it is opened anew (`forgetOwn`). */
let owned = new Map<string, HTMLElement>();

/** When each element was last used (`performance.now()`): pressed, typed in, focused, opened or
 * closed by the person; an owned element also when its code last drew in it (`watchUse`). */
const usedAt = new WeakMap<Node, number>();

const usedAfter = (n: Node, t: number): boolean => (usedAt.get(n) ?? Number.NEGATIVE_INFINITY) > t;

/** The moment of the action whose draw is under way (`foldSince`), else null. */
let folding: number | null = null;

/** The element `key` of the screen on show, made by `make` the first time (marked `data-own`):
 * redraws of the screen put this same element back, with what its code drew in it. An action's
 * draw puts it back only if it was used since the action began. */
export function own(key: string, make: () => HTMLElement): HTMLElement {
  const kept = owned.get(key);
  if (kept?.isConnected && (folding === null || usedAfter(kept, folding))) return kept;
  const el = make();
  el.setAttribute("data-own", key);
  owned.set(key, el);
  return el;
}

/** What a screen's own code set in answer to a tap (a question asked), by key: kept across
 * redraws of the screen, which draw it again, until the screen is opened anew (`forgetOwn`). */
let held = new Map<string, { value: unknown; at: number }>();

/** The value a screen's code keeps under `key` across the polls' redraws (`held`); an action's
 * draw sees it only if it was set since the action began. */
export function keep<T>(key: string): { get: () => T | undefined; set: (v: T | undefined) => void } {
  return {
    get: () => {
      const e = held.get(key);
      return e && (folding === null || e.at > folding) ? (e.value as T) : undefined;
    },
    set: (v) => {
      if (v === undefined) held.delete(key);
      else held.set(key, { value: v, at: performance.now() });
    },
  };
}

/** A screen opened anew starts with none of the last one's owned elements or kept values. */
export function forgetOwn(): void {
  owned = new Map();
  held = new Map();
}

/** The screen drawn again after an official's action begun at `since` (its tap): what the person
 * began after that moment — a field typed in, a section opened, a form a tap opened — stays (own,
 * keep, `usedSince`); the rest, the form the action came from with it, is drawn anew. */
export function foldSince(since: number): void {
  folding = since;
}

/** The action's draw is on the page: what it did not keep is forgotten. */
export function foldDone(): void {
  const since = folding;
  folding = null;
  if (since === null) return;
  for (const [k, e] of held) if (e.at <= since) held.delete(k);
}

/** What a person is doing on the page, watched from `w`: the element pressed now, and the fields
 * they typed in or changed (never replaced by a draw: the draw's value is the screen's, theirs
 * is theirs); and when each element was last used (`usedAt`). */
export function watchUse(w: Window): { pressed: () => Element | null; changed: (el: Element) => boolean } {
  let pressed: Element | null = null;
  const changed = new WeakSet<Element>();
  const opts = { capture: true, passive: true };
  // The element, and the owned element it is in: its code's closures are the ones it answers.
  const stamp = (e: Event) => {
    if (!(e.target instanceof Element)) return;
    const t = performance.now();
    usedAt.set(e.target, t);
    const o = e.target.closest("[data-own]");
    if (o) usedAt.set(o, t);
  };
  for (const start of ["pointerdown", "mousedown", "touchstart"]) {
    w.addEventListener(
      start,
      (e) => {
        pressed = e.target instanceof Element ? e.target : null;
        stamp(e);
      },
      opts,
    );
  }
  // After the click (which comes after the release): the element stays kept until its tap landed.
  // Not when another element loses the focus (that comes with the press itself): when the window
  // does, no release will come.
  for (const end of ["click", "pointercancel", "touchcancel", "blur"])
    w.addEventListener(
      end,
      (e) => {
        if (end !== "blur" || !(e.target instanceof Node)) pressed = null;
      },
      opts,
    );
  for (const type of ["input", "change"])
    w.addEventListener(
      type,
      (e) => {
        if (e.target instanceof Element) changed.add(e.target);
        stamp(e);
      },
      opts,
    );
  // A details opened or closed (its toggle does not bubble: heard on the way down), a field focused.
  for (const type of ["toggle", "focusin", "keydown"]) w.addEventListener(type, stamp, opts);
  // An owned element drawn in by its code (a form a tap opened, an answer shown). Draws never
  // change what is inside one (`update`), so only its code is heard here.
  new MutationObserver((records) => {
    const t = performance.now();
    for (const r of records) {
      // A childList's target is the parent: an element (or the document, which has no closest).
      const o = (r.target as Partial<Element>).closest?.("[data-own]");
      if (o) usedAt.set(o, t);
    }
  }).observe(w.document.documentElement, { childList: true, subtree: true });
  return { pressed: () => pressed, changed: (el) => changed.has(el) };
}

/** `seeds` with every ancestor up to `root`: what a morph keeps. */
function withPaths(root: Element, seeds: Element[]): Set<Node> {
  const keep = new Set<Node>();
  for (const s of seeds) {
    for (let n: Node | null = s; n && n !== root && !keep.has(n); n = n.parentNode) keep.add(n);
  }
  return keep;
}

/** The live elements under `root` that a draw must keep, with every ancestor up to `root`. */
export function inUse(root: Element, use: ReturnType<typeof watchUse> | null): Set<Node> {
  const seeds: Element[] = [];
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) seeds.push(active);
  const pressed = use?.pressed();
  if (pressed && root.contains(pressed)) seeds.push(pressed);
  seeds.push(...root.querySelectorAll("details[open], dialog[open], [data-own]"));
  if (use) for (const f of root.querySelectorAll("input, textarea, select")) if (use.changed(f)) seeds.push(f);
  return withPaths(root, seeds);
}

/** The live elements under `root` that an action's draw keeps (`foldSince`): those used after
 * `since`, and the one pressed now, with every ancestor up to `root`. */
export function usedSince(root: Element, since: number, use: ReturnType<typeof watchUse> | null): Set<Node> {
  const seeds = Array.from(root.querySelectorAll("*")).filter((el) => usedAfter(el, since));
  const pressed = use?.pressed();
  if (pressed && root.contains(pressed)) seeds.push(pressed);
  return withPaths(root, seeds);
}

/** The key a child is matched by: `data-key`, else its test id or id, else none (matched by
 * its tag among its unkeyed siblings, in order). */
function keyOf(el: Element): string {
  const k = el.getAttribute("data-key") ?? el.getAttribute("data-testid") ?? el.id;
  return k ? `${el.tagName}#${k}` : el.tagName;
}

const FIELD_STATE = ["value", "checked", "files", "selectedIndex", "selectionStart", "selectionEnd", "valueAsNumber"];

/** A field of the new draw whose live one was kept: a closure of the new draw that reads it
 * (a form's submit) reads what the person typed in the live one. */
function forward(next: Element, live: Element): void {
  if (!(live instanceof HTMLInputElement || live instanceof HTMLTextAreaElement || live instanceof HTMLSelectElement))
    return;
  for (const p of FIELD_STATE) {
    if (!(p in live)) continue;
    Object.defineProperty(next, p, {
      configurable: true,
      get: () => (live as unknown as Record<string, unknown>)[p],
      set: (v) => {
        (live as unknown as Record<string, unknown>)[p] = v;
      },
    });
  }
}

/** Brings `live` (kept) up to `next`: its attributes — not the open state a person chose, nor
 * a field's value — its handlers, and its children. */
function update(live: Element, next: Element, keep: Set<Node>): void {
  const chosen = live instanceof HTMLDetailsElement || live instanceof HTMLDialogElement ? ["open"] : [];
  for (const a of Array.from(live.attributes)) {
    if (!next.hasAttribute(a.name) && !chosen.includes(a.name) && a.name !== "data-own") live.removeAttribute(a.name);
  }
  for (const a of Array.from(next.attributes)) {
    if (chosen.includes(a.name)) continue;
    if (live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
  }
  for (const [type, fn] of handlers.get(next) ?? []) listen(live, type, fn);
  forward(next, live);
  // What its own code drew in it stays (its code draws there, not the screen).
  if (live.hasAttribute("data-own")) return;
  children(live, next, keep);
}

/** Puts `next`'s children under `live`: a kept child (in `keep`) matched by key is updated in
 * place, every other child is the new draw's. What goes is removed first, so a kept node is moved
 * only where the kept ones changed order (a move would take the focus out of it). */
function children(live: Element, next: Element, keep: Set<Node>): void {
  const spare = new Map<string, Element[]>();
  for (const c of Array.from(live.children)) {
    const k = keyOf(c);
    spare.set(k, [...(spare.get(k) ?? []), c]);
  }
  const targets = Array.from(next.childNodes, (n): Node => {
    const kept = standIns.get(n);
    if (kept) return kept;
    const match = n instanceof Element ? spare.get(keyOf(n))?.shift() : undefined;
    if (!match || !keep.has(match)) return n;
    update(match, n as Element, keep);
    return match;
  });
  const wanted = new Set(targets);
  for (const c of Array.from(live.childNodes)) if (!wanted.has(c)) c.remove();
  let cursor: ChildNode | null = live.firstChild;
  for (const target of targets) {
    if (target === cursor) cursor = cursor.nextSibling;
    else live.insertBefore(target, cursor);
  }
}

/** Puts a freshly drawn screen (`nodes`, detached) onto `root`, keeping what a person uses
 * (`inUse`) and the path to it. */
export function morph(root: HTMLElement, nodes: Node[], keep: Set<Node>): void {
  const next = document.createElement(root.tagName);
  // A live node drawn again as it is (a screen its own code draws, as the reader): appended to
  // `next` it would leave the page until put back, and a press on it would be dropped (WebKit).
  next.append(...nodes.map((n) => (n.isConnected ? asIs(n) : n)));
  children(root, next, keep);
}
