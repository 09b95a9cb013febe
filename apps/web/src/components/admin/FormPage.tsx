/**
 * The frame of a back-office create/edit page: a back link, the title, the form in a card, the
 * actions at its foot; a skeleton while the record loads, and "not found" or an error with retry.
 */
import { ArrowLeft, SearchX } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Link } from "react-router";
import { Button, Card, Container, EmptyState, ErrorState, PageHeader, Skeleton } from "../ui";

/** The arrow link above a back-office page's title, to the page it belongs to (a list, the desk). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 rounded-sm hover:text-fg focus-ring">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

type FormPageTexts = { notFound: string; loadFailed: string; retry: string; loading: string };

export type FormPageProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  back: { to: string; label: string };
  /** Buttons beside the title (e.g. Delete). */
  headerActions?: ReactNode;
  /** The loading record of an edit page. */
  record?: {
    isPending: boolean;
    isError: boolean;
    notFound: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  texts: FormPageTexts;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  width?: "md" | "lg";
} & (
  | {
      /** The buttons at the foot of the form, where they are not the usual Cancel and Save. */
      footer: ReactNode;
    }
  | {
      /** The usual foot: Cancel (calls `onCancel`) and Save (submits, spins while `saving`). */
      onCancel: () => void;
      saving: boolean;
      texts: FormPageTexts & { cancel: string; save: string };
    }
);

export function FormPage(props: FormPageProps) {
  const { title, subtitle, back, headerActions, record, texts, onSubmit, children, width = "lg" } = props;
  const footer =
    "onCancel" in props ? (
      <SaveCancelFooter
        cancelLabel={props.texts.cancel}
        saveLabel={props.texts.save}
        onCancel={props.onCancel}
        saving={props.saving}
      />
    ) : (
      props.footer
    );
  let body: ReactNode;
  if (record?.isPending)
    body = (
      <Card aria-busy="true" className="gap-6 p-6">
        <span className="sr-only" role="status">
          {texts.loading}
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </Card>
    );
  else if (record?.notFound) body = <EmptyState icon={<SearchX />} title={texts.notFound} />;
  else if (record?.isError)
    body = (
      <ErrorState
        message={texts.loadFailed}
        retryLabel={texts.retry}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
      />
    );
  else
    body = (
      <Card asChild>
        <form noValidate onSubmit={onSubmit}>
          <div className="flex flex-col gap-6 p-5 sm:p-6">{children}</div>
          <div className="flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            {footer}
          </div>
        </form>
      </Card>
    );
  return (
    <Container className="py-6 sm:py-8">
      <div className={width === "md" ? "mx-auto w-full max-w-3xl" : "mx-auto w-full max-w-5xl"}>
        <PageHeader
          above={<BackLink {...back} />}
          title={title}
          subtitle={subtitle}
          actions={headerActions}
        />
        {body}
      </div>
    </Container>
  );
}

/** A titled group of fields inside a form page. */
export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-3 text-base font-semibold text-fg">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The usual foot of a form page: Cancel (back to the list) and Save (submits, spins while saving). */
function SaveCancelFooter({
  cancelLabel,
  saveLabel,
  onCancel,
  saving,
}: {
  cancelLabel: string;
  saveLabel: string;
  onCancel: () => void;
  saving: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </>
  );
}
