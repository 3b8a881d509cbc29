import type { OptionView } from '../../../src/modules/catalogue/index.js';
import { KIND_LABELS, stockState } from '../../lib/catalogue.js';
import { formatPounds } from '../../lib/format.js';
import { COMPANY } from '../../lib/site-links.js';
import './ProductOptions.css';

export type OptionRow = Pick<OptionView, 'id' | 'name' | 'code' | 'price' | 'price_inc_vat' | 'qty' | 'kind'>;

/**
 * What a product comes as, with its price ex VAT (the headline for business buyers) and inc VAT, and its
 * stock. "Add to basket" is a placeholder until the buying issue wires it: it is disabled and says so,
 * rather than pretending to work.
 */
export function ProductOptions({ options }: { options: readonly OptionRow[] }) {
  if (options.length === 0) {
    return <p data-no-options="">This product is not available to order at the moment. Please contact us.</p>;
  }
  return (
    <>
      <table className="options-table" data-options-table="">
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Format</th>
            <th scope="col" className="options-table__money">
              Price ex VAT
            </th>
            <th scope="col" className="options-table__money">
              Price inc VAT
            </th>
            <th scope="col">Availability</th>
            <th scope="col">
              <span className="visually-hidden">Buy</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {options.map((option) => {
            const stock = stockState(option.qty);
            return (
              <tr key={option.id} data-option={option.id}>
                <th scope="row">
                  {option.name}
                  <span className="options-table__code">{option.code}</span>
                </th>
                <td data-label="Format">{KIND_LABELS[option.kind]}</td>
                <td className="options-table__money" data-label="Price ex VAT" data-price-ex-vat={option.price}>
                  {formatPounds(option.price)}
                </td>
                <td className="options-table__money" data-label="Price inc VAT" data-price-inc-vat={option.price_inc_vat}>
                  {formatPounds(option.price_inc_vat)}
                </td>
                <td data-label="Availability">
                  <span className={`stock stock--${stock.level}`} data-stock={stock.level}>
                    {stock.label}
                  </span>
                </td>
                <td className="options-table__buy">
                  {/* BUYING ISSUE: becomes POST /api/basket/items {option_id} when the basket exists. */}
                  <button type="button" className="button button--small" disabled aria-describedby="basket-note" data-add-to-basket={option.id}>
                    Add to basket
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="options-note" id="basket-note" data-basket-note="">
        Online ordering opens soon. To order now, call us on <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a> or{' '}
        <a href="/contact">send us a message</a>.
      </p>
    </>
  );
}
