/** The cover of a product in the back office: the current cover, upload (checked by the server) and remove. */
import type { AdminProduct } from "@aprendo/contract";
import { ImageUp, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useProductImage } from "../api";
import { ProductCover } from "./ProductCover";

export function CoverField({
  product,
  preview,
}: {
  product: AdminProduct | undefined;
  preview: { title: string; authors: string; color: string; kind: string };
}) {
  const { t } = useTranslation("shop");
  const inputId = useId();
  const image = useProductImage(product?.id ?? null);
  const busy = image.upload.isPending || image.remove.isPending;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="w-32 shrink-0">
        <ProductCover
          title={preview.title}
          authors={preview.authors}
          color={preview.color}
          src={product?.image_url ?? null}
          kind={preview.kind}
        />
      </div>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">
          {product ? t("admin.cover.hint") : t("admin.cover.saveFirst")}
        </p>
        {product && (
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={busy}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (!file) return;
                try {
                  await image.upload.mutateAsync(file);
                  showSuccess(t("admin.cover.uploaded"));
                } catch (error) {
                  showError(error);
                }
              }}
            />
            <Button asChild variant="secondary" size="sm" loading={image.upload.isPending}>
              <label htmlFor={inputId} className="cursor-pointer">
                <ImageUp aria-hidden="true" className="size-4" />
                {product.image_url ? t("admin.cover.replace") : t("admin.cover.upload")}
              </label>
            </Button>
            {product.image_url && (
              <Button
                variant="ghost"
                size="sm"
                loading={image.remove.isPending}
                onClick={async () => {
                  try {
                    await image.remove.mutateAsync();
                    showSuccess(t("admin.cover.removed"));
                  } catch (error) {
                    showError(error);
                  }
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("admin.cover.remove")}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
