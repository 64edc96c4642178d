export const pathLearnerProcedures = {};
