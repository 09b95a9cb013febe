/**
 * Who may do what with the FAQs: anyone reads them (learners inside /iu); categories take the
 * category flag, entries the FAQ flag, and the list of categories serves both editors.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const faqsPolicy = definePolicy("faqs", {
  /** The learner's door to the same reading endpoints guests use outside /iu. */
  readAsLearner: roles(Role.learner),
  /** Read the categories in /af (to file an entry under one, or to edit them). */
  listCategories: flags("isFaqCategoryManager", "isFaqManager"),
  manageCategories: flags("isFaqCategoryManager"),
  manageEntries: flags("isFaqManager"),
});
