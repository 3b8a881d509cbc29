import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { OrderList } from '../../../components/orders/OrderList.js';
import { Pagination } from '../../../components/Pagination.js';
import type { Data } from './+data.js';

/** `/account/orders`: every order of the customer's, newest first, 20 to a page, each with its status, total and invoice. */
export default function Page() {
  const { orders, meta } = useData<Data>();
  return (
    <div className="container account-page" data-page="account-orders">
      <h1>Your orders</h1>
      <AccountNav />
      {meta.total === 0 ? (
        <p data-orders-empty="">
          You have not placed any orders yet. <a href="/category">Browse the catalogue</a> to find training for your team.
        </p>
      ) : (
        <>
          <p className="account-page__lead">
            {meta.total === 1 ? 'One order' : `${meta.total} orders`}, newest first. Open an order for its lines, delivery, history and VAT invoice.
          </p>
          {orders.length === 0 ? (
            <p data-orders-empty="">
              There is no page {meta.page}. <a href="/account/orders">Go to the first page</a>.
            </p>
          ) : (
            <OrderList orders={orders} caption={`Your orders, page ${meta.page} of ${meta.last_page}`} />
          )}
          <Pagination page={meta.page} lastPage={meta.last_page} label="Pages of your orders" path="/account/orders" />
        </>
      )}
    </div>
  );
}
