// The shop's catalogue and its server-side state: the cart and the orders, kept by the
// shop's own server so a test judges what was bought by the shop's record, never by
// what the agent says. Prices are computed here from the catalogue, not sent by the page.

export interface Product {
  readonly id: string;
  readonly name: string;
  readonly colour: 'red' | 'blue' | 'green';
  readonly sizes: readonly ('S' | 'M' | 'L')[];
  readonly cents: number;
}

export const CATALOGUE: readonly Product[] = [
  { id: 'p1', name: 'Red linen shirt', colour: 'red', sizes: ['S', 'L'], cents: 2_900 },
  { id: 'p2', name: 'Crimson Oxford shirt', colour: 'red', sizes: ['S', 'M', 'L'], cents: 3_400 },
  { id: 'p3', name: 'Scarlet flannel shirt', colour: 'red', sizes: ['M', 'L'], cents: 4_100 },
  { id: 'p4', name: 'Navy poplin shirt', colour: 'blue', sizes: ['M'], cents: 2_200 },
  { id: 'p5', name: 'Sage camp shirt', colour: 'green', sizes: ['S', 'M'], cents: 2_600 },
  { id: 'p6', name: 'Red wool scarf', colour: 'red', sizes: ['M'], cents: 1_500 },
];

export const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface CartLine {
  readonly id: string;
  readonly size: string;
}

export interface Order {
  readonly item: string;
  readonly colour: string;
  readonly size: string;
  readonly price: string;
  readonly name: string;
  readonly street: string;
}

export interface ShopState {
  readonly cart: CartLine[];
  readonly orders: Order[];
  reset(): void;
}

export function createShopState(): ShopState {
  const cart: CartLine[] = [];
  const orders: Order[] = [];
  return {
    cart,
    orders,
    reset() {
      cart.length = 0;
      orders.length = 0;
    },
  };
}

/** Products matching a search and its filters, as the shop's search answers. */
export function search(query: string, colours: readonly string[], sizes: readonly string[]) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return CATALOGUE.filter(
    (product) =>
      words.every((word) => product.name.toLowerCase().includes(word.replace(/s$/, ''))) &&
      (colours.length === 0 || colours.includes(product.colour)) &&
      (sizes.length === 0 || sizes.some((size) => (product.sizes as string[]).includes(size))),
  );
}
