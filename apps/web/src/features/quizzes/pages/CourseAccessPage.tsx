/** /af/course-access-management: grant or revoke a learner's access to a title, with a reason, audited. */
import { AccessManagement } from "../components/AccessManagement";

export default function CourseAccessPage() {
  return <AccessManagement kind="course" />;
}
