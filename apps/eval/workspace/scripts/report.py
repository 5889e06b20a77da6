from utils import format_price, load_customers, load_products


def top_customers(customers, limit=3):
    return sorted(customers, key=lambda c: c["orders"], reverse=True)[:limit]


def stock_value(products):
    # TODO: exclude discontinued products
    return sum(p["price"] * p["stock"] for p in products)


def summarize():
    customers = load_customers()
    products = load_products()
    for customer in top_customers(customers):
        print(customer["name"], customer["orders"])
    print("stock value:", format_price(stock_value(products)))


if __name__ == "__main__":
    summarize()
