import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Field } from "./Field";
import { FileDropZone, fileMatchesAccept } from "./FileDropZone";

const fileOf = (name: string, type: string, size = 10) => new File(["x".repeat(size)], name, { type });
const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe("FileDropZone", () => {
  it("lists chosen files", async () => {
    render(<FileDropZone label="Drop files or choose" />);
    await userEvent.setup().upload(input(), [fileOf("notes.pdf", "application/pdf")]);
    expect(screen.getByText("notes.pdf")).toBeTruthy();
  });

  it("is reachable as a labelled file input", () => {
    render(<FileDropZone label="Drop files or choose" hint="PDF, up to 1 MB" />);
    const control = screen.getByLabelText(/Drop files or choose/);
    expect(control).toBe(input());
  });

  it("takes its id and invalid state from a Field", () => {
    render(
      <Field label="Certificate scan" error="Add the scan.">
        <FileDropZone label="Drop files or choose" />
      </Field>,
    );
    const control = screen.getByLabelText("Certificate scan");
    expect(control).toBe(input());
    expect(control.getAttribute("aria-invalid")).toBe("true");
  });

  it("rejects a file over maxSize and does not list it", async () => {
    const onReject = vi.fn();
    render(<FileDropZone label="Upload" maxSize={100} onReject={onReject} />);
    const big = fileOf("big.pdf", "application/pdf", 101);
    await userEvent.setup().upload(input(), [big]);
    expect(onReject).toHaveBeenCalledWith("size", big);
    expect(screen.queryByText("big.pdf")).toBeNull();
  });

  it("rejects files beyond maxFiles", async () => {
    const onReject = vi.fn();
    const onFilesChange = vi.fn();
    render(<FileDropZone label="Upload" maxFiles={2} onReject={onReject} onFilesChange={onFilesChange} />);
    const files = ["a.pdf", "b.pdf", "c.pdf"].map((name) => fileOf(name, "application/pdf"));
    await userEvent.setup().upload(input(), files);
    expect(onReject).toHaveBeenCalledTimes(1);
    expect(onReject).toHaveBeenCalledWith("count", files[2]);
    expect(onFilesChange).toHaveBeenCalledWith(files.slice(0, 2));
  });

  it("rejects a dropped file of the wrong type", () => {
    const onReject = vi.fn();
    render(<FileDropZone label="Upload" accept=".pdf,image/*" onReject={onReject} />);
    const zip = fileOf("course.zip", "application/zip");
    const image = fileOf("cover.png", "image/png");
    fireEvent.drop(screen.getByText("Upload"), { dataTransfer: { files: [zip, image] } });
    expect(onReject).toHaveBeenCalledWith("type", zip);
    expect(screen.getByText("cover.png")).toBeTruthy();
    expect(screen.queryByText("course.zip")).toBeNull();
  });

  it("shows each file's upload progress", () => {
    const file = fileOf("video.mp4", "video/mp4");
    render(
      <FileDropZone
        label="Upload"
        files={[file]}
        progress={{ "video.mp4": 40 }}
        progressLabel={(f) => `Uploading ${f.name}`}
      />,
    );
    const bar = screen.getByRole("progressbar", { name: "Uploading video.mp4" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
  });

  it("removes a file with its remove button", async () => {
    const onFilesChange = vi.fn();
    const files = [fileOf("a.pdf", "application/pdf"), fileOf("b.pdf", "application/pdf")];
    render(
      <FileDropZone
        label="Upload"
        files={files}
        onFilesChange={onFilesChange}
        removeLabel={(f) => `Remove ${f.name}`}
      />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Remove a.pdf" }));
    expect(onFilesChange).toHaveBeenCalledWith([files[1]]);
  });

  it("matches accept entries by extension, exact type and wildcard", () => {
    expect(fileMatchesAccept(fileOf("A.PDF", ""), ".pdf")).toBe(true);
    expect(fileMatchesAccept(fileOf("a.txt", "text/plain"), "text/plain")).toBe(true);
    expect(fileMatchesAccept(fileOf("a.webp", "image/webp"), "image/*")).toBe(true);
    expect(fileMatchesAccept(fileOf("a.mp3", "audio/mpeg"), "image/*,.pdf")).toBe(false);
    expect(fileMatchesAccept(fileOf("a.mp3", "audio/mpeg"), undefined)).toBe(true);
  });
});
