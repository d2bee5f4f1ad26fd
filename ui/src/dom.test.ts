// The morph (dom.ts): a redraw updates what changed and keeps what a person uses.
import { describe, expect, it } from "vitest";
import { foldDone, foldSince, forgetOwn, h, inUse, keep, morph, own, usedSince, watchUse } from "./dom";

const use = watchUse(window);

function screen(n: number, onSave: (v: string) => void = () => {}) {
  const name = h("input", { type: "text", "data-testid": "name", value: "" }) as HTMLInputElement;
  return [
    h("header", {}, `arrivals ${n}`),
    h(
      "main",
      {},
      h("p", { "data-testid": "count" }, String(n)),
      h("details", { "data-testid": "more" }, h("summary", {}, "more"), h("p", {}, `inside ${n}`)),
      h(
        "form",
        {},
        name,
        h("button", { type: "button", "data-testid": "save", onclick: () => onSave(name.value) }, `save ${n}`),
      ),
      h(
        "ul",
        {},
        Array.from({ length: n }, (_, i) => h("li", { "data-key": `i${i}` }, `item ${i}`)),
      ),
    ),
  ];
}

function live(): HTMLElement {
  document.body.replaceChildren();
  const root = h("div");
  document.body.append(root);
  morph(root, screen(1), new Set());
  return root;
}

describe("a redraw keeps what a person uses and updates the rest", () => {
  it("keeps the focused field, its text and caret; a new draw's closure reads what was typed", () => {
    const root = live();
    const field = root.querySelector<HTMLInputElement>("[data-testid=name]")!;
    field.focus();
    field.value = "张一";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.setSelectionRange(1, 1);
    const oldCount = root.querySelector("[data-testid=count]");
    let saved = "";
    morph(
      root,
      screen(3, (v) => {
        saved = v;
      }),
      inUse(root, use),
    );
    expect(root.querySelector("[data-testid=name]")).toBe(field);
    expect(document.activeElement).toBe(field);
    expect([field.value, field.selectionStart]).toEqual(["张一", 1]);
    // Not in use: the new draw's element, with the new text.
    expect(root.querySelector("[data-testid=count]")).not.toBe(oldCount);
    expect(root.querySelector("[data-testid=count]")?.textContent).toBe("3");
    expect(root.querySelectorAll("li")).toHaveLength(3);
    expect(root.querySelector("header")?.textContent).toBe("arrivals 3");
    root.querySelector<HTMLButtonElement>("[data-testid=save]")!.click();
    expect(saved).toBe("张一");
  });

  it("keeps a pressed button, which then runs the newest draw's handler once", () => {
    const root = live();
    const button = root.querySelector<HTMLButtonElement>("[data-testid=save]")!;
    button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    const taps: number[] = [];
    for (const n of [2, 3])
      morph(
        root,
        screen(n, () => taps.push(n)),
        inUse(root, use),
      );
    expect(root.querySelector("[data-testid=save]")).toBe(button);
    expect(button.textContent).toBe("save 3");
    button.click();
    expect(taps).toEqual([3]);
    // Tapped: no longer kept, the next draw's button is new.
    morph(root, screen(4), inUse(root, use));
    expect(root.querySelector("[data-testid=save]")).not.toBe(button);
  });

  it("keeps a pressed button when the field focused before it loses the focus to the press", () => {
    const root = live();
    const button = root.querySelector<HTMLButtonElement>("[data-testid=save]")!;
    const field = root.querySelector<HTMLInputElement>("[data-testid=name]")!;
    button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    field.dispatchEvent(new FocusEvent("blur"));
    morph(root, screen(2), inUse(root, use));
    expect(root.querySelector("[data-testid=save]")).toBe(button);
    // The window losing the focus ends the press: no release will come.
    window.dispatchEvent(new FocusEvent("blur"));
    morph(root, screen(3), inUse(root, use));
    expect(root.querySelector("[data-testid=save]")).not.toBe(button);
  });

  it("never takes a screen its own code draws off the page to put it back", () => {
    document.body.replaceChildren();
    const root = h("div");
    document.body.append(root);
    forgetOwn();
    let ticks = 0;
    const draw = () => [h("header", {}, "bar"), own("reader", () => h("main", { "data-testid": "reader" }))];
    morph(root, draw(), new Set());
    const reader = root.querySelector("[data-testid=reader]")!;
    const off: Node[] = [];
    const watch = new MutationObserver((rs) => {
      for (const r of rs) off.push(...r.removedNodes);
    });
    watch.observe(root, { childList: true });
    for (; ticks < 3; ticks++) {
      reader.textContent = `0:0${ticks}`;
      morph(root, draw(), inUse(root, use));
    }
    off.push(...watch.takeRecords().flatMap((r) => [...r.removedNodes]));
    watch.disconnect();
    expect(root.querySelector("[data-testid=reader]")).toBe(reader);
    expect(off).not.toContain(reader);
  });

  it("keeps an open section open, with its content updated", () => {
    const root = live();
    const more = root.querySelector<HTMLDetailsElement>("[data-testid=more]")!;
    more.open = true;
    morph(root, screen(5), inUse(root, use));
    expect(root.querySelector("[data-testid=more]")).toBe(more);
    expect(more.open).toBe(true);
    expect(more.textContent).toBe("moreinside 5");
    // Closed, it is the new draw's (closed) one.
    more.open = false;
    morph(root, screen(6), inUse(root, use));
    expect(root.querySelector<HTMLDetailsElement>("[data-testid=more]")?.open).toBe(false);
  });

  it("puts back an element its screen's code owns, with what that code drew in it", () => {
    document.body.replaceChildren();
    const root = h("div");
    document.body.append(root);
    forgetOwn();
    const draw = () => [
      h(
        "main",
        {},
        h("p", {}, "head"),
        own("panel", () => h("section", { "data-testid": "panel" })),
      ),
    ];
    morph(root, draw(), new Set());
    const panel = root.querySelector("[data-testid=panel]")!;
    panel.append(h("button", { "data-testid": "confirm" }, "confirm"));
    morph(root, draw(), inUse(root, use));
    expect(root.querySelector("[data-testid=panel]")).toBe(panel);
    expect(root.querySelectorAll("[data-testid=confirm]")).toHaveLength(1);
    // A screen opened anew has a panel of its own.
    forgetOwn();
    morph(root, draw(), new Set());
    expect(root.querySelector("[data-testid=panel]")).not.toBe(panel);
    expect(root.querySelector("[data-testid=confirm]")).toBeNull();
  });
});

describe("a question a tap asked", () => {
  it("is kept for the screen's redraws and gone when the screen is opened anew", () => {
    const asked = keep<{ game: string }>("ask");
    asked.set({ game: "r1-t2" });
    expect(keep<{ game: string }>("ask").get()).toEqual({ game: "r1-t2" });
    asked.set(undefined);
    expect(asked.get()).toBeUndefined();
    asked.set({ game: "r1-t3" });
    forgetOwn();
    expect(asked.get()).toBeUndefined();
  });
});

/** The next moment `performance.now()` can tell apart from this one. */
async function later(): Promise<number> {
  const t = performance.now();
  while (performance.now() <= t) await new Promise((r) => setTimeout(r, 1));
  return performance.now();
}

describe("the screen drawn again after an action", () => {
  it("folds the form the action came from and keeps what the person began while it was on its way", async () => {
    document.body.replaceChildren();
    const root = h("div");
    document.body.append(root);
    forgetOwn();
    const draw = (n: number) => [
      ...screen(n),
      own("answer", () => h("section", { "data-testid": "answer" })),
      own("old", () => h("section", { "data-testid": "old" })),
    ];
    morph(root, draw(1), new Set());
    // Before the action: a name typed (the form it sends), a section's answer drawn, a value kept.
    const sent = root.querySelector<HTMLInputElement>("[data-testid=name]")!;
    sent.value = "张一";
    sent.dispatchEvent(new Event("input", { bubbles: true }));
    const old = root.querySelector("[data-testid=old]")!;
    old.append(h("p", {}, "an earlier answer"));
    keep<string>("asked-before").set("before");
    await new Promise((r) => setTimeout(r, 0)); // the observer hears the draw in `old`
    const since = await later();
    await later();
    // While it is on its way: a section opened, a form a tap opened, a question asked.
    const more = root.querySelector<HTMLDetailsElement>("[data-testid=more]")!;
    more.open = true;
    more.dispatchEvent(new Event("toggle"));
    const answer = root.querySelector("[data-testid=answer]")!;
    answer.append(h("button", { "data-testid": "confirm" }, "confirm"));
    keep<string>("asked-since").set("since");
    await new Promise((r) => setTimeout(r, 0));

    foldSince(since);
    morph(root, draw(2), usedSince(root, since, use));
    expect(keep<string>("asked-before").get()).toBeUndefined();
    foldDone();

    expect(root.querySelector("[data-testid=name]")).not.toBe(sent);
    expect(root.querySelector<HTMLInputElement>("[data-testid=name]")!.value).toBe("");
    expect(root.querySelector("[data-testid=more]")).toBe(more);
    expect(more.open).toBe(true);
    expect(root.querySelector("[data-testid=answer]")).toBe(answer);
    expect(root.querySelectorAll("[data-testid=confirm]")).toHaveLength(1);
    expect(root.querySelector("[data-testid=old]")).not.toBe(old);
    expect(root.querySelector("[data-testid=old]")!.children).toHaveLength(0);
    expect(keep<string>("asked-since").get()).toBe("since");
    expect(keep<string>("asked-before").get()).toBeUndefined();
    // The next poll's draw puts back the same owned element (the map holds the live one).
    morph(root, draw(3), inUse(root, use));
    expect(root.querySelector("[data-testid=answer]")).toBe(answer);
  });
});
