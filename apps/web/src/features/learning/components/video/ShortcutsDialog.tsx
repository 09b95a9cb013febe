/** The "?" dialog: the player's keyboard shortcuts. */
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../../components/ui";
import { shortcutList } from "./shortcuts";

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("learning");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("player.keys.title")} closeLabel={t("close")}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("player.keys.title")}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("player.keys.key")}</th>
            <th scope="col">{t("player.keys.does")}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutList.map((item) => (
            <tr key={item.label} className="border-b border-border last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">
                {item.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && <span className="px-1 text-fg-muted">/</span>}
                    <kbd className="rounded border border-border-strong bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
                      {key === "Space" ? t("player.keys.space") : key}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className="py-2 text-fg">{t(item.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
