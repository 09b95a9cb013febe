import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Plus } from "lucide-react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { IconButton } from "./IconButton";

describe("Button", () => {
  it("is a non-submitting button by default", () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("type")).toBe("button");
  });

  it("cannot be clicked twice while loading", async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>("button", { name: "Save" });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("lends its look to a link with asChild", () => {
    render(
      <Button asChild variant="secondary">
        <a href="/catalogue">Browse</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Browse" });
    expect(link.getAttribute("href")).toBe("/catalogue");
    expect(link.className).toContain("rounded-md");
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("IconButton", () => {
  it("is named by its aria-label, not by the icon", () => {
    render(<IconButton aria-label="Add lecture" icon={<Plus />} />);
    expect(screen.getByRole("button", { name: "Add lecture" })).toBeTruthy();
  });
});
