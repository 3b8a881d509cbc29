import { Injectable } from '@nestjs/common';

/**
 * Product page views (product.md): recorded without slowing the page, read back as the "popular" list and
 * per user for the Administration Portal.
 * SLOT: the previews-and-views slice fills this in (issue 4); the signatures are what pages rely on.
 */
@Injectable()
export class ProductViewService {
  /** Records a view of a published product by the signed-in user (or null); never delays or fails the page. */
  record(_productId: number, _userId: number | null): void {
    throw new Error('ProductViewService.record is not built yet');
  }

  /** Ids of the most viewed published products of the last 30 days, most viewed first. */
  popularIds(_limit: number): Promise<number[]> {
    throw new Error('ProductViewService.popularIds is not built yet');
  }
}
