/** The login/register modal of a guest on a title page: both ways come back to the same title. */
import { LogIn, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Dialog } from "../../../components/ui";

export function AuthPromptDialog({
  courseId,
  courseTitle,
  open,
  onOpenChange,
}: {
  courseId: number;
  courseTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("catalog");
  const back = encodeURIComponent(`/iu/courses/${courseId}`);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("auth.title")}
      description={t("auth.text", { title: courseTitle })}
      closeLabel={t("close")}
      size="sm"
      footer={
        <>
          <Button asChild variant="secondary">
            <Link to={`/register?redirect=${back}`}>
              <UserPlus aria-hidden="true" className="size-4" />
              {t("auth.register")}
            </Link>
          </Button>
          <Button asChild>
            <Link to={`/login?redirect=${back}`}>
              <LogIn aria-hidden="true" className="size-4" />
              {t("auth.login")}
            </Link>
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{t("auth.hint")}</p>
    </Dialog>
  );
}
