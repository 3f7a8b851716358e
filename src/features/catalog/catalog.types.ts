// What islands and pages know about catalogue data: plain types and constants, no server code.

export const SORTS = ['featured', 'price-low', 'price-high'] as const;
export type Sort = (typeof SORTS)[number];
export const LISTING_PAGE_SIZE = 48;

/** Fields a product card needs. */
export interface ProductSummary {
  id: number;
  slug: string;
  name: string;
  thumbnailUrl: string | null;
  price: number;
  discountPrice: number | null;
  tags: string[];
  category: string;
  categories: { name: string; value: string }[];
  /** Average of the product's reviews to one decimal, null without reviews. */
  rating: number | null;
  reviewCount: number;
  buyOneGetOne: boolean;
}

/** One page of a listing. */
export interface ListingPage {
  items: ProductSummary[];
  total: number;
  page: number;
  pageSize: number;
  sort: Sort;
}
