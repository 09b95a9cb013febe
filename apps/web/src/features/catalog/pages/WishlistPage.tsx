/** /iu/wishlist: the titles a learner saved for later; the heart on each card takes it off. */
import { Heart } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Container, PageHeader } from "../../../components/ui";
import { PER_PAGE } from "../api";
import { CatalogNav } from "../components/CatalogNav";
import { CourseGrid } from "../components/CourseGrid";
import { BrowseButton } from "../components/CourseListPage";
import { useWishlist } from "../wishlist";

export default function WishlistPage() {
  const { t } = useTranslation("catalog");
  const [page, setPage] = useState(1);
  const query = useWishlist(page, PER_PAGE);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("wishlist.title")} subtitle={t("wishlist.subtitle")} className="pb-4" />
      <CatalogNav className="mb-6" />
      <CourseGrid
        query={query}
        page={page}
        perPage={PER_PAGE}
        onPageChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
        empty={{
          icon: <Heart />,
          title: t("wishlist.emptyTitle"),
          text: t("wishlist.emptyText"),
          action: <BrowseButton />,
        }}
        label={t("wishlist.title")}
      />
    </Container>
  );
}
