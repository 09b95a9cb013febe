import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { useSession } from "../../stores/session";
import { CardForm } from "./components/CardForm";

const stripe = vi.hoisted(() => {
  const element = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };
  const instance = {
    elements: vi.fn(() => ({ create: vi.fn(() => element) })),
    confirmCardSetup: vi.fn(async () => ({ setupIntent: { payment_method: "pm_saved_1" } })),
    createPaymentMethod: vi.fn(async () => ({
      paymentMethod: {
        id: "pm_pay_1",
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
      },
    })),
  };
  return { element, instance, getStripe: vi.fn(async () => instance) };
});
vi.mock("./stripe", () => ({ getStripe: stripe.getStripe, handleStripeAction: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
function stubFetch(config: unknown) {
  fetchMock = vi.fn(async (url: string) => {
    if (url.endsWith("/payments/config")) return json(200, config);
    if (url.endsWith("/iu/cards/setup"))
      return json(200, { provider: "stripe", client_secret: "seti_1_secret_x" });
    return json(404, { message: "Not found" });
  });
  vi.stubGlobal("fetch", fetchMock);
}

function renderForm(props: Partial<Parameters<typeof CardForm>[0]> = {}) {
  const onToken = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>loading</p>}>
        <CardForm onToken={onToken} {...props} />
      </Suspense>
    </QueryClientProvider>,
  );
  return onToken;
}

const stripeConfig = { provider: "stripe", publishable_key: "pk_test_123", form_url: null };

beforeEach(async () => {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  useSession.getState().clear();
  useSession.getState().setToken("token");
  vi.clearAllMocks();
  await i18n.changeLanguage("en");
});
afterEach(() => vi.unstubAllGlobals());

describe("card form", () => {
  it("puts the sandbox's hosted form in the app's language", async () => {
    await i18n.changeLanguage("es");
    stubFetch({ provider: "sandbox", publishable_key: null, form_url: "/api/payments/sandbox/form" });
    renderForm();
    const frame = await screen.findByTestId("card-frame");
    expect(frame.getAttribute("src")).toContain("lang=es");
    expect(frame.getAttribute("src")).toContain(`origin=${encodeURIComponent(window.location.origin)}`);
    expect(stripe.getStripe).not.toHaveBeenCalled();
  });

  it("mounts Stripe's Card Element with the configured publishable key when Stripe is the provider", async () => {
    stubFetch(stripeConfig);
    const onToken = renderForm();
    await screen.findByTestId("stripe-card-form");
    await waitFor(() => expect(stripe.element.mount).toHaveBeenCalled());
    expect(stripe.getStripe).toHaveBeenCalledWith("pk_test_123", "en");
    expect(screen.queryByTestId("card-frame")).toBeNull();
    await userEvent.type(screen.getByLabelText(/Name on card/), "Ana Test");
    await userEvent.click(screen.getByRole("button", { name: "Use this card" }));
    await waitFor(() => expect(onToken).toHaveBeenCalled());
    expect(stripe.instance.createPaymentMethod).toHaveBeenCalledWith({
      type: "card",
      card: stripe.element,
      billing_details: { name: "Ana Test" },
    });
    expect(onToken.mock.calls[0]![0]).toMatchObject({ token: "pm_pay_1", brand: "visa", last4: "4242" });
  });

  it("to save a card, confirms the SetupIntent whose client secret the server gives", async () => {
    stubFetch(stripeConfig);
    const onToken = renderForm({ purpose: "save" });
    await waitFor(() => expect(stripe.element.mount).toHaveBeenCalled());
    await userEvent.type(screen.getByLabelText(/Name on card/), "Ana Test");
    await userEvent.click(screen.getByRole("button", { name: "Use this card" }));
    await waitFor(() => expect(onToken).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/iu/cards/setup"))).toBe(true);
    expect(stripe.instance.confirmCardSetup).toHaveBeenCalledWith("seti_1_secret_x", {
      payment_method: { card: stripe.element, billing_details: { name: "Ana Test" } },
    });
    expect(onToken.mock.calls[0]![0]).toMatchObject({ token: "pm_saved_1" });
  });

  it("shows why the sandbox form cannot take a card on this page, instead of a silent form", async () => {
    stubFetch({ provider: "sandbox", publishable_key: null, form_url: "/api/payments/sandbox/form" });
    const onError = vi.fn();
    const onToken = renderForm({ onError });
    const frame = (await screen.findByTestId("card-frame")) as HTMLIFrameElement;
    const message = "Card payments cannot be taken on http://127.0.0.1:3000.";
    // From another origin or another window: ignored.
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "aprendo:sandbox-refused", message: "forged" },
        origin: "https://evil.example",
        source: frame.contentWindow,
      }),
    );
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "aprendo:sandbox-token", token: "tok_forged" },
        origin: window.location.origin,
        source: window,
      }),
    );
    expect(onToken).not.toHaveBeenCalled();
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "aprendo:sandbox-refused", message },
        origin: window.location.origin,
        source: frame.contentWindow,
      }),
    );
    expect((await screen.findByTestId("card-frame-problem")).textContent).toBe(message);
    expect(screen.getByText("The card form cannot be used here")).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(message);
    expect(screen.queryByTestId("card-frame")).toBeNull();
  });

  it("says so when the loaded form never answers this page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await i18n.changeLanguage("es");
      stubFetch({ provider: "sandbox", publishable_key: null, form_url: "/api/payments/sandbox/form" });
      renderForm();
      const frame = await screen.findByTestId("card-frame");
      frame.dispatchEvent(new Event("load"));
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await screen.findByTestId("card-frame-problem")).textContent).toContain(
        "no ha respondido a esta página",
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
