/** /af/exam-access-management: grant extra attempts at a module or level exam, or revoke them, with a reason, audited. */
import { AccessManagement } from "../components/AccessManagement";

export default function ExamAccessPage() {
  return <AccessManagement kind="exam" />;
}
