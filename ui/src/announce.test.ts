import { describe, expect, it } from "vitest";
import { announce, announceSync } from "./announce";

describe("the live region", () => {
  it("says what it is given, in one polite region outside the views", () => {
    announce("已记录: 警告");
    announce("已记录: 第二次警告");
    const regions = document.querySelectorAll("[data-testid=announce]");
    expect(regions.length).toBe(1);
    expect(regions[0].getAttribute("aria-live")).toBe("polite");
    expect(regions[0].getAttribute("role")).toBe("status");
    expect(regions[0].textContent).toBe("已记录: 第二次警告");
  });

  it("says the sync state when it changes, not at every refresh", () => {
    const heard = () => document.querySelector("[data-testid=announce]")?.textContent;
    announce("");
    announceSync("ok", "in sync, 3 s ago");
    announceSync("ok", "in sync, 8 s ago");
    expect(heard()).toBe("");
    announceSync("bad", "offline: 2 events not sent");
    expect(heard()).toBe("offline: 2 events not sent");
    announceSync("bad", "offline: 3 events not sent");
    expect(heard()).toBe("offline: 2 events not sent");
    announceSync("ok", "in sync");
    expect(heard()).toBe("in sync");
  });
});
