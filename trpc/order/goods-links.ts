// Where goods open, by goods type (1 course, 2 live, 4 learning map): read by pages and services alike.

/** The page that studies or watches the goods once they are the learner's. */
export function studyUrlOf(goodsType: number, goodsId: number) {
  if (goodsType === 4) return `/map/detail?id=${goodsId}`;
  if (goodsType === 2) return `/live/detail?selectedLiveId=${goodsId}`;
  return `/study/platform?id=${goodsId}`;
}

/** The detail page that sells the goods. */
export function detailUrlOf(goodsType: number, goodsId: number) {
  if (goodsType === 4) return `/map/detail?id=${goodsId}`;
  if (goodsType === 2) return `/live/detail?selectedLiveId=${goodsId}`;
  return `/course/detail?id=${goodsId}`;
}
