/**
 * Who may do what with institutions and classes: any administrator reads them (and the titles a class
 * may be enrolled in); user managers create, change and delete them and keep a class's members; user
 * or course managers enrol a whole class in a title.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../../http/policy";

export const institutionsPolicy = definePolicy("institutions", {
  read: roles(Role.admin),
  /** Create, change, delete institutions and classes; add and remove a class's members. */
  manage: flags("isUserManager"),
  /** Enrol every member of a class in a title (and the members who join later). */
  enrolClass: flags("isUserManager", "isCourseManager"),
});
