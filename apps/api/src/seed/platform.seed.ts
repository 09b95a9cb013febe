import { languages } from "@aprendo/contract";
import { configurations, locales } from "../db/schema/index";
import type { Seeder } from "./seed";

/** Promo bar defaults of spec section 9: a coloured gradient and a sample placeholder. */
export const promoBarDefaults = {
  bannerFirstText: "Learn something new this week:",
  bannerSecondText: "every title 20% off until Sunday",
  bannerFirstTextEs: "Aprende algo nuevo esta semana:",
  bannerSecondTextEs: "todos los cursos con un 20 % de descuento hasta el domingo",
  bannerPlaceholder: "WEEK20",
  bannerBgColorLeft: "#3730a3",
  bannerBgColorRight: "#0f766e",
  bannerPlaceholderBgColor: "#fbbf24",
  bannerTextColor: "#ffffff",
};

export const seedPlatform: Seeder = async ({ db }) => {
  await db
    .insert(locales)
    .values(languages.map((l) => ({ id: l.id, name: l.name, code: l.code })))
    .onConflictDoNothing();
  await db
    .insert(configurations)
    .values([
      {
        key: "promo_bar",
        description: "Promotional banner above the learner pages",
        status: 1,
        value: promoBarDefaults,
      },
      {
        key: "mobile_app_modal",
        description: "Offer the mobile apps in a modal on phones (disabled)",
        status: 0,
        value: { appStoreUrl: "", playStoreUrl: "" },
      },
    ])
    .onConflictDoNothing();
};
