import { learnerProcedure } from "../init";
import { authTimes, checkIdCard, completeIdentity, completePassportPhoto, readIdentity } from "./identity.service";
import { identityAndOrg, isSupplement, orgSearch, personalCenterData, saveSupplement, updateHeadPic, updateNick } from "./profile.service";
import { checkNeedAuth } from "./real-name.service";
import { areaList, areaTree, identityCategoryList } from "./reference.service";
import {
  areaListInput,
  checkIdCardInput,
  checkNeedAuthInput,
  completeInput,
  getInfoInput,
  headPicInput,
  identityFormInput,
  nickInput,
  orgSearchInput,
  photoInput,
  supplementInput,
  updateAreaCodeInput,
  updateIdentityInput,
  updateOrgInfoInput,
  updateOrgNameInput,
} from "./schemas";

/** The learner procedures, spread at the root of identity by router.ts. */
export const identityLearnerProcedures = {
  getInfo: learnerProcedure.input(getInfoInput).query(({ ctx, input }) => readIdentity(ctx.db, ctx.user, input.userId)),
  complete: learnerProcedure.input(completeInput).mutation(({ ctx, input }) => completeIdentity(ctx.db, ctx.user.id, input)),
  /** The /identity/info form, where identity types are required. */
  submitForm: learnerProcedure.input(identityFormInput).mutation(({ ctx, input }) => completeIdentity(ctx.db, ctx.user.id, input)),
  checkIdCard: learnerProcedure.input(checkIdCardInput).query(({ ctx, input }) => checkIdCard(ctx.db, ctx.user.id, input.idNo)),
  completePassportPhoto: learnerProcedure
    .input(photoInput)
    .mutation(({ ctx, input }) => completePassportPhoto(ctx.db, ctx.user.id, input.passportPhotoUrl)),
  checkNeedAuth: learnerProcedure.input(checkNeedAuthInput).query(({ ctx, input }) => checkNeedAuth(ctx.db, ctx.user, input)),
  checkUserAuthTimes: learnerProcedure.query(({ ctx }) => authTimes(ctx.db, ctx.user.id)),
  identityCategories: learnerProcedure.query(({ ctx }) => identityCategoryList(ctx.db)),
  areas: learnerProcedure.input(areaListInput).query(({ ctx, input }) => areaList(ctx.db, input.parentCode)),
  areaTree: learnerProcedure.query(({ ctx }) => areaTree(ctx.db)),
  updateIdentity: learnerProcedure
    .input(updateIdentityInput)
    .mutation(({ ctx, input }) => saveSupplement(ctx.db, ctx.user.id, { identityList: input.identityList })),
  updateOrgName: learnerProcedure
    .input(updateOrgNameInput)
    .mutation(({ ctx, input }) => saveSupplement(ctx.db, ctx.user.id, { orgName: input.orgName ?? "" })),
  updateAreaCode: learnerProcedure
    .input(updateAreaCodeInput)
    .mutation(({ ctx, input }) => saveSupplement(ctx.db, ctx.user.id, { areaCode: input.areaCode ?? "" })),
  updateOrgInfo: learnerProcedure
    .input(updateOrgInfoInput)
    .mutation(({ ctx, input }) => saveSupplement(ctx.db, ctx.user.id, { ...input, orgName: input.orgName ?? "" })),
  supplement: learnerProcedure.input(supplementInput).mutation(({ ctx, input }) => saveSupplement(ctx.db, ctx.user.id, input)),
  isSupplement: learnerProcedure.query(({ ctx }) => isSupplement(ctx.db, ctx.user.id)),
  identityAndOrg: learnerProcedure.query(({ ctx }) => identityAndOrg(ctx.db, ctx.user.id)),
  orgSearch: learnerProcedure.input(orgSearchInput).query(({ ctx, input }) => orgSearch(ctx.db, input)),
  updateHeadPic: learnerProcedure.input(headPicInput).mutation(({ ctx, input }) => updateHeadPic(ctx.db, ctx.user.id, input.headPic)),
  updateNick: learnerProcedure.input(nickInput).mutation(({ ctx, input }) => updateNick(ctx.db, ctx.user.id, input.nick)),
  personalCenter: learnerProcedure.query(({ ctx }) => personalCenterData(ctx.db, ctx.user.id)),
};
