/**
 * Priority and tags of a ticket (desk only). Tags are typed and added with Enter or the Add button,
 * removed with their own buttons; Save sends both in one call.
 */
import { helpdeskLimits, type TicketDetail, type TicketPriority, ticketPriorities } from "@aprendo/contract";
import { Plus, Tag, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Card, Field, Input, Select } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useTriage } from "../helpdesk-api";
import { normaliseTag, priorityTone } from "./logic";

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation("support");
  return (
    <Badge tone={priorityTone[priority]} data-testid="priority-badge">
      {t(`helpdesk.priority.${priority}`)}
    </Badge>
  );
}

export function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} className="gap-1 font-normal">
          <Tag aria-hidden="true" className="size-3" />
          {tag}
        </Badge>
      ))}
    </span>
  );
}

export function TriagePanel({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation("support");
  const desk = ticket.desk;
  const [priority, setPriority] = useState<TicketPriority>(desk?.priority ?? "normal");
  const [tags, setTags] = useState<string[]>(desk?.tags ?? []);
  const [draft, setDraft] = useState("");
  const triage = useTriage(ticket.id);
  const full = tags.length >= helpdeskLimits.tagsPerTicket;
  const changed = priority !== desk?.priority || tags.join("\n") !== (desk?.tags ?? []).join("\n");

  const addDraft = () => {
    const tag = normaliseTag(draft);
    if (tag && !tags.includes(tag) && !full) setTags([...tags, tag]);
    setDraft("");
  };

  const save = async () => {
    try {
      const answer = await triage.mutateAsync({ priority, tags });
      if (answer.message) showSuccess(answer.message);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card className="gap-4 p-5" data-testid="triage-panel">
      <div>
        <h2 className="text-base font-semibold text-fg">{t("helpdesk.triage.title")}</h2>
        <p className="text-sm text-fg-muted">{t("helpdesk.triage.internal")}</p>
      </div>
      <Field label={t("helpdesk.priority.label")}>
        <Select
          value={priority}
          onChange={(event) => setPriority(event.target.value as TicketPriority)}
          options={ticketPriorities.map((p) => ({ value: p, label: t(`helpdesk.priority.${p}`) }))}
          data-testid="triage-priority"
        />
      </Field>
      <Field label={t("helpdesk.tags.add")} hint={t("helpdesk.tags.hint")}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={draft}
              maxLength={helpdeskLimits.tagMax}
              disabled={full}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  addDraft();
                }
              }}
              data-testid="triage-tag-input"
            />
            <Button variant="secondary" onClick={addDraft} disabled={!draft.trim() || full}>
              <Plus aria-hidden="true" className="size-4" />
              {t("helpdesk.tags.addButton")}
            </Button>
          </div>
        )}
      </Field>
      {tags.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("helpdesk.tags.none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t("helpdesk.tags.label")}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge className="gap-1 py-0.5 pr-0.5 font-normal">
                {tag}
                <button
                  type="button"
                  className="inline-flex size-6 items-center justify-center rounded-full hover:bg-surface-muted focus-ring"
                  aria-label={t("helpdesk.tags.remove", { tag })}
                  onClick={() => setTags(tags.filter((x) => x !== tag))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          onClick={() => void save()}
          loading={triage.isPending}
          disabled={!changed}
          data-testid="triage-save"
        >
          {t("helpdesk.triage.save")}
        </Button>
      </div>
    </Card>
  );
}
