/**
 * /iu/profile/payment (children never get here: NotChild): saved cards (list, add through the
 * provider's form, remove after a confirmation, make default) and the salary-scale application.
 */
import { CreditCard, Plus, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListStates } from "../../../components/admin";
import {
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Container,
  Dialog,
  EmptyState,
  PageHeader,
  Skeleton,
} from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useAddCard, useCards, useDefaultCard, useRemoveCard } from "../api";
import { CardForm } from "../components/CardForm";
import { CardLabel } from "../components/CardLabel";
import { SalaryScaleSection } from "../components/SalaryScaleSection";
import { brandName, isExpired } from "../logic";

function AddCardDialog({ first }: { first: boolean }) {
  const { t } = useTranslation("commerce");
  const [open, setOpen] = useState(false);
  const [makeDefault, setMakeDefault] = useState(first);
  const add = useAddCard();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setMakeDefault(first);
      }}
      trigger={
        <Button data-testid="add-card">
          <Plus aria-hidden="true" className="size-4" />
          {t("cards.add")}
        </Button>
      }
      title={t("cards.addTitle")}
      description={t("cards.addText")}
      closeLabel={t("close")}
    >
      <div className="flex flex-col gap-4">
        {!first && (
          <Checkbox
            label={t("cards.makeDefault")}
            checked={makeDefault}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
        )}
        {add.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          <CardForm
            purpose="save"
            onToken={(card) =>
              add.mutate(
                { token: card.token, make_default: makeDefault || first },
                {
                  onSuccess: () => {
                    showSuccess(t("cards.added"));
                    setOpen(false);
                  },
                  onError: showError,
                },
              )
            }
          />
        )}
      </div>
    </Dialog>
  );
}

export default function PaymentMethodsPage() {
  const { t } = useTranslation("commerce");
  const cards = useCards();
  const makeDefault = useDefaultCard();
  const remove = useRemoveCard();
  const list = cards.data ?? [];
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("cards.title")}
        subtitle={t("cards.subtitle")}
        actions={list.length > 0 ? <AddCardDialog first={false} /> : undefined}
      />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="saved-cards" className="flex flex-col gap-3">
          <h2 id="saved-cards" className="sr-only">
            {t("cards.saved")}
          </h2>
          <ListStates
            query={cards}
            isEmpty={list.length === 0}
            loadingLabel={t("loading")}
            loading={<Skeleton className="h-40 w-full" />}
            errorMessage={t("loadFailed")}
            retryLabel={t("retry")}
            empty={
              <EmptyState
                icon={<CreditCard />}
                title={t("cards.empty")}
                text={t("cards.emptyText")}
                action={<AddCardDialog first />}
              />
            }
          >
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="card-list">
              {list.map((card) => {
                const expired = isExpired(card.exp_month, card.exp_year);
                const label = t("card.label", { brand: brandName(card.brand), last4: card.last4 });
                return (
                  <li key={card.id}>
                    <Card className="flex h-full flex-col gap-4 p-4" data-testid="saved-card">
                      <div className="flex items-start justify-between gap-3">
                        <CardLabel
                          brand={card.brand}
                          last4={card.last4}
                          expMonth={card.exp_month}
                          expYear={card.exp_year}
                          holder={card.holder_name}
                        />
                        <div className="flex shrink-0 gap-1">
                          {card.is_default && <Badge tone="primary">{t("cards.default")}</Badge>}
                          {expired && <Badge tone="danger">{t("cards.expired")}</Badge>}
                        </div>
                      </div>
                      <div className="mt-auto flex flex-wrap justify-end gap-2">
                        {!card.is_default && !expired && (
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={makeDefault.isPending && makeDefault.variables === card.id}
                            onClick={() =>
                              makeDefault.mutate(card.id, {
                                onSuccess: () => showSuccess(t("cards.defaultSet", { card: label })),
                                onError: showError,
                              })
                            }
                          >
                            <Star aria-hidden="true" className="size-4" />
                            {t("cards.setDefault")}
                          </Button>
                        )}
                        <ConfirmDialog
                          trigger={
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={t("cards.removeOne", { card: label })}
                            >
                              <Trash2 aria-hidden="true" className="size-4" />
                              {t("cards.remove")}
                            </Button>
                          }
                          title={t("cards.removeTitle")}
                          description={t("cards.removeText", { card: label })}
                          confirmLabel={t("cards.remove")}
                          cancelLabel={t("cancel")}
                          onConfirm={async () => {
                            try {
                              showSuccess((await remove.mutateAsync(card.id)).message);
                            } catch (error) {
                              showError(error);
                              throw error;
                            }
                          }}
                        />
                      </div>
                    </Card>
                  </li>
                );
              })}
            </ul>
          </ListStates>
          <p className="text-xs text-fg-muted">{t("cards.privacy")}</p>
        </section>
        <SalaryScaleSection />
      </div>
    </Container>
  );
}
