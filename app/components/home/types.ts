// Shapes the home page reads from the operate procedures (what the loader serialises).

export interface HomeBanner {
  id: number;
  title: string;
  picUrl: string;
  linkUrl: string;
}

export interface HomeItem {
  id: number;
  type: number;
  recommendObjectId: number;
  linkUrl: string;
  name: string;
  picUrl: string;
  teacher: string;
  isFree: number;
  realPrice: number;
  scribingPrice: number;
  liveStatus: number | null;
  isPause?: number;
  isPlayback: number;
  startTime: number | null;
}

export interface HomeBlock {
  id: number;
  name: string;
  picUrl: string;
  isOpenJump: number;
  jumpUrl: string;
  dataList: HomeItem[];
  children: HomeBlock[];
}

export interface HomeNotice {
  id: number;
  title: string;
  linkUrl: string;
}

export interface HomePopup {
  title: string;
  picUrl: string;
  linkUrl: string;
  updatedAt: number;
}
