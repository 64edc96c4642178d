import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { identityFormInput, idNoField, ORG_NAME_MAX, REAL_NAME_MAX } from "@trpc-app/identity/schemas";
import { fieldError, formErrors, hasErrors, type FieldErrors } from "~/components/auth/form";
import { ErrorBar, FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { errorMessage, trpc } from "~/lib/trpc";
import { AreaSelect, type AreaOption } from "./area-select";
import { ID_TYPE_NAME } from "@base/id-card";
import { OccupiedDialog, occupiedNotice, type Occupier } from "./occupied-dialog";
import { PhotoField } from "./photo-field";

export interface IdentityCategory {
  identityCategoryCode: number;
  identityCategoryName: string;
}

interface Values {
  passportPhotoUrl: string;
  realName: string;
  idNo: string;
  identityList: number[];
  orgName: string;
  areaCode: string;
}
type Key = keyof Values;

/** orgName is asked only of agencies (2) and suppliers (3). */
export const needsOrg = (list: number[]) => list.includes(2) || list.includes(3);

export function IdentityForm({
  initial,
  categories,
  areas,
  from,
}: {
  initial: Partial<Values>;
  categories: IdentityCategory[];
  areas: AreaOption[];
  from: string;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    passportPhotoUrl: initial.passportPhotoUrl ?? "",
    realName: "",
    idNo: "",
    identityList: initial.identityList ?? [],
    orgName: initial.orgName ?? "",
    areaCode: initial.areaCode ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [occupied, setOccupied] = useState<Occupier[]>([]);
  const [showOccupied, setShowOccupied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState("");
  const [orgOptions, setOrgOptions] = useState<string[]>([]);

  const set = <K extends Key>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError("");
  };

  // Organisation names other learners used, as suggestions while typing.
  useEffect(() => {
    const name = values.orgName.trim();
    if (!name || !needsOrg(values.identityList)) return;
    const timer = setTimeout(() => {
      trpc.identity.orgSearch
        .query({ orgName: name, pageNo: 1, pageSize: 8 })
        .then((r) => setOrgOptions(r.list.map((o) => o.orgName)))
        .catch(() => setOrgOptions([]));
    }, 300);
    return () => clearTimeout(timer);
  }, [values.orgName, values.identityList]);

  async function checkIdNo(): Promise<boolean> {
    const error = fieldError(idNoField, values.idNo);
    if (error) {
      setErrors((e) => ({ ...e, idNo: error }));
      return false;
    }
    try {
      const list = await trpc.identity.checkIdCard.query({ idNo: values.idNo });
      setOccupied(list);
      if (list.length) setErrors((e) => ({ ...e, idNo: occupiedNotice(list) }));
      return list.length === 0;
    } catch (err) {
      setFormError(errorMessage(err));
      return false;
    }
  }

  function payload() {
    return {
      ...values,
      idType: 1,
      orgName: needsOrg(values.identityList) ? values.orgName : "",
      passportPhotoUrl: values.passportPhotoUrl || undefined,
    };
  }

  async function review(e: React.FormEvent) {
    e.preventDefault();
    const found = formErrors(identityFormInput, payload());
    setErrors(found);
    if (hasErrors(found)) return;
    if (!(await checkIdNo())) return;
    setConfirming(true);
  }

  async function submit() {
    setPending(true);
    try {
      await trpc.identity.submitForm.mutate(payload());
      setConfirming(false);
      navigate(`/identity/info?isAuth=1&from=${encodeURIComponent(from)}`, { replace: true });
    } catch (err) {
      setConfirming(false);
      setFormError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  const toggle = (code: number, on: boolean) =>
    set("identityList", on ? [...values.identityList, code] : values.identityList.filter((c) => c !== code));

  return (
    <form onSubmit={(e) => void review(e)} className="flex flex-col gap-5" noValidate>
      <ErrorBar>{formError}</ErrorBar>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-[#1d2129]">一寸照片</span>
        <PhotoField value={values.passportPhotoUrl} onChange={(url) => set("passportPhotoUrl", url)} />
      </div>
      <FormField label="真实姓名" htmlFor="realName" error={errors.realName}>
        <Input
          id="realName"
          value={values.realName}
          placeholder={`请输入真实姓名，最多${REAL_NAME_MAX}个字符`}
          invalid={!!errors.realName}
          onChange={(e) => set("realName", e.target.value)}
        />
      </FormField>
      <FormField label="证件类型" htmlFor="idType">
        <Input id="idType" value={ID_TYPE_NAME} disabled readOnly />
      </FormField>
      <div className="-mb-5 flex flex-col gap-1.5">
        <FormField label="证件号码" htmlFor="idNo">
          <Input
            id="idNo"
            value={values.idNo}
            placeholder="请输入18位或15位居民身份证号码"
            invalid={!!errors.idNo}
            onChange={(e) => {
              set("idNo", e.target.value.trim());
              setOccupied([]);
            }}
            onBlur={() => values.idNo && void checkIdNo()}
          />
        </FormField>
        {/* The line keeps its height so the check on blur never moves the buttons under the pointer. */}
        <div className="min-h-[18px]">
          {errors.idNo ? (
            <p role="alert" className="text-xs text-danger">
              {errors.idNo}
              {occupied.length ? (
                <button type="button" className="ml-2 text-primary hover:underline" onClick={() => setShowOccupied(true)}>
                  立即处理
                </button>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
      <FormField label="身份类型" htmlFor="identity-1" error={errors.identityList}>
        <div className="flex flex-wrap gap-x-6 gap-y-3 py-1" role="group" aria-label="身份类型">
          {categories.map((c) => (
            <label key={c.identityCategoryCode} className="flex cursor-pointer items-center gap-2 text-sm">
              <Checkbox
                id={`identity-${c.identityCategoryCode}`}
                checked={values.identityList.includes(c.identityCategoryCode)}
                onCheckedChange={(on) => toggle(c.identityCategoryCode, on === true)}
              />
              {c.identityCategoryName}
            </label>
          ))}
        </div>
      </FormField>
      {needsOrg(values.identityList) ? (
        <FormField label="单位名称" htmlFor="orgName" error={errors.orgName}>
          <Input
            id="orgName"
            list="org-options"
            value={values.orgName}
            placeholder={`请输入单位名称，最多${ORG_NAME_MAX}个字符`}
            invalid={!!errors.orgName}
            onChange={(e) => set("orgName", e.target.value)}
          />
          <datalist id="org-options">
            {orgOptions.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        </FormField>
      ) : null}
      <FormField label="所属地区" htmlFor="area" error={errors.areaCode}>
        <AreaSelect areas={areas} value={values.areaCode} onChange={(code) => set("areaCode", code)} />
      </FormField>
      <div className="flex justify-center gap-4 pt-2">
        <Button type="button" variant="outline" className="w-32" onClick={() => navigate(from)}>
          稍后填写
        </Button>
        <Button type="submit" className="w-32">
          确认
        </Button>
      </div>

      <OccupiedDialog list={occupied} open={showOccupied} onClose={() => setShowOccupied(false)} />
      <Dialog open={confirming} onOpenChange={(o) => !o && !pending && setConfirming(false)}>
        <DialogContent>
          <DialogTitle>确认提交</DialogTitle>
          <DialogDescription>
            实名信息将展示在您的培训证书上，提交后不可修改。请确认姓名“{values.realName.trim()}”与证件号码准确无误。
          </DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={pending}>
              返回修改
            </Button>
            <Button onClick={() => void submit()} disabled={pending}>
              {pending ? "提交中…" : "确认提交"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
