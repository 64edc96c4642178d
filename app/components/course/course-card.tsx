import { Link } from "@remix-run/react";
import { formatCount, formatMoney } from "@base/format";
import { cn } from "~/lib/utils";

export interface CourseCardData {
  id: number;
  name: string;
  coverUrl: string;
  teacherName: string;
  isFree: number;
  price: number;
  scribingPrice: number;
  joinedCount: number;
  learnHour?: number;
  highlightName?: string;
}

/** Free, or the price in yuan with the crossed-out price when there is one. */
export function CoursePrice({ isFree, price, scribingPrice, className }: { isFree: number; price: number; scribingPrice: number; className?: string }) {
  if (isFree) return <span className={cn("font-medium text-[#00b42a]", className)}>免费</span>;
  return (
    <span className={cn("font-semibold text-[#f53f3f]", className)}>
      ¥{formatMoney(price)}
      {scribingPrice > price && <s className="ml-1.5 text-xs font-normal text-muted">¥{formatMoney(scribingPrice)}</s>}
    </span>
  );
}

export function CourseCover({ src, name, className }: { src: string; name: string; className?: string }) {
  return (
    <div className={cn("relative aspect-video overflow-hidden bg-gradient-to-br from-primary to-[#48beff]", className)}>
      {src && <img src={src} alt="" className="absolute inset-0 h-full w-full object-cover" loading="lazy" />}
      <span className="absolute inset-x-3 bottom-2 line-clamp-2 text-sm font-semibold text-white drop-shadow">{name}</span>
    </div>
  );
}

export function CourseCard({ course }: { course: CourseCardData }) {
  return (
    <Link
      to={`/course/detail?id=${course.id}`}
      className="group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-md"
      data-testid="course-card"
    >
      <CourseCover src={course.coverUrl} name={course.name} />
      <div className="p-3">
        {course.highlightName ? (
          <h3
            className="line-clamp-2 h-10 text-sm font-medium text-[#1d2129] group-hover:text-primary [&_em]:not-italic [&_em]:text-primary"
            dangerouslySetInnerHTML={{ __html: course.highlightName }}
          />
        ) : (
          <h3 className="line-clamp-2 h-10 text-sm font-medium text-[#1d2129] group-hover:text-primary">{course.name}</h3>
        )}
        <p className="mt-1.5 truncate text-xs text-muted">讲师：{course.teacherName || "财云学院"}</p>
        <div className="mt-2 flex items-center justify-between text-xs">
          <CoursePrice isFree={course.isFree} price={course.price} scribingPrice={course.scribingPrice} className="text-sm" />
          <span className="text-muted">{formatCount(course.joinedCount)}人已加入</span>
        </div>
      </div>
    </Link>
  );
}

export function CourseGrid({ list }: { list: CourseCardData[] }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {list.map((c) => (
        <CourseCard key={c.id} course={c} />
      ))}
    </div>
  );
}
