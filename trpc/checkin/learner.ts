export const checkInLearnerProcedures = {};
