// The filter row shared by the back-office lists of goods campaigns (redemption batches, group buys):
// a name, the goods' name and a status 1 or 2, read from the address.

export function goodsFilters(request: Request, pageSize: number) {
  const sp = new URL(request.url).searchParams;
  const status = sp.get("status");
  const filters = { name: sp.get("name") ?? "", goodsName: sp.get("goodsName") ?? "", status: status === "1" || status === "2" ? status : "" };
  const query = {
    pageNo: sp.get("page") ?? undefined,
    pageSize,
    name: filters.name || undefined,
    goodsName: filters.goodsName || undefined,
    status: filters.status || undefined,
  };
  return { filters, query };
}
