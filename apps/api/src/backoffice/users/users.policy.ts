/**
 * Who may do what with user accounts in the back office: user managers list, read and change
 * learners (profile, status, a password-reset link); export managers download the filtered list as
 * CSV; deleting an account takes its own flag. The rule about the account itself (a reset link only
 * for an account that could log in) is `mayResetPassword` in auth.policy.ts.
 */
import { definePolicy, flags } from "../../http/policy";

export const usersPolicy = definePolicy("users", {
  manage: flags("isUserManager"),
  export: flags("isUserExportManager"),
  delete: flags("isAbleToDeleteUsers"),
});
