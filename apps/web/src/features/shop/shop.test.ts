import { describe, expect, it } from "vitest";
import { digitalCartItem, maxQuantity, printedCartItem } from "./cart";
import { shippingAddressComplete, shippingAddressErrors } from "./components/ShippingAddressForm";

const address = {
  name: "Ana",
  line1: "1 High St",
  line2: "",
  city: "London",
  postal_code: "SW1A 1AA",
  country: "GB",
};

describe("shop cart items", () => {
  it("puts a printed book in the cart by binding and quantity, with its binding discount", () => {
    const item = printedCartItem(
      { id: 7, title: "Algebra", image_url: null },
      { binding: "hardcover", price: 24.99, book_binding_discount: 0 },
      2,
      "Hardcover",
    );
    expect(item).toEqual({
      type: "physical_product",
      id: 7,
      name: "Algebra (Hardcover)",
      price: 24.99,
      quantity: 2,
      bookBindingDiscount: 0,
      productMetas: { binding: "hardcover" },
      key: "physical_product-7-hardcover",
    });
  });

  it("sells a digital product through its notes offer, and nothing without one", () => {
    expect(digitalCartItem({ title: "Notes", price: 4.99, notes_offer_id: 3 })).toEqual({
      type: "ebook",
      id: 3,
      name: "Notes",
      price: 4.99,
    });
    expect(digitalCartItem({ title: "Notes", price: 4.99, notes_offer_id: null })).toBeNull();
  });

  it("never lets more than the stock (at most 99) into the cart", () => {
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(500)).toBe(99);
    expect(maxQuantity(0)).toBe(0);
  });
});

describe("shipping address", () => {
  it("accepts an address in a country we ship to with its postal code format", () => {
    expect(shippingAddressComplete(address)).toBe(true);
    expect(shippingAddressComplete({ ...address, country: "ES", postal_code: "28013", city: "Madrid" })).toBe(
      true,
    );
  });

  it("refuses missing fields, other countries, bad postal codes and cities out of bounds", () => {
    expect(shippingAddressErrors({ ...address, name: " " })).toEqual({ name: "validation.required" });
    expect(shippingAddressErrors({ ...address, country: "ZZ" })).toEqual({
      country: "shop.countryNotShipped",
    });
    expect(shippingAddressErrors({ ...address, country: "ES" })).toEqual({
      postal_code: "shop.postalCodeInvalid",
    });
    expect(shippingAddressErrors({ ...address, city: "L" }).city).toMatch(/^validation\.min/);
    expect(shippingAddressErrors({ ...address, city: "L0nd0n" }).city).toBe("validation.invalidCharacters");
  });
});
