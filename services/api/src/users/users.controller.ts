import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateUserBody,
  DeactivateUserBody,
  InactiveStaffQuery,
  inactiveStaffQuerySchema,
  ListUsersBody,
  UpdateUserBody,
  createUserSchema,
  deactivateUserSchema,
  listUsersSchema,
  updateUserSchema,
} from '@reloc/contracts';
import { RewardsPatch, Role } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { validated } from '../infrastructure/http/validate';
import {
  CreateUserCommand,
  DeactivationResult,
  DeactivateUserCommand,
  DeleteUserCommand,
  UpdateUserCommand,
} from './commands/user-commands';
import { StaffFilesReadModel } from './staff-files.read-model';
import { toStaffDto, toUserDto, UserRow, UsersReadModel } from './users.read-model';

/** Staff and users (spec §7 "Staff, users and billing"); managing them is the super admin's. */
@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersReadModel,
    private readonly staffFiles: StaffFilesReadModel,
  ) {}

  @Post('users')
  @HttpCode(200)
  @Roles('SUPERADMIN')
  list(@Body() body: unknown) {
    const { roles, search } = validated<ListUsersBody>(listUsersSchema, body);
    const counts = this.staffFiles.projectCounts();
    return this.users
      .list(roles, search)
      .map((user) => toUserDto(user, user.trigram ? (counts.get(user.trigram) ?? 0) : 0));
  }

  @Post('user')
  @Roles('SUPERADMIN')
  async create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const input = validated<CreateUserBody>(createUserSchema, body);
    const user = await this.commands.execute(
      new CreateUserCommand(actorOf(me), { ...input, role: input.role as Role }),
    );
    return toUserDto(user);
  }

  @Put('user')
  @Roles('SUPERADMIN')
  async update(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const { email, rewards, role, ...rest } = validated<UpdateUserBody>(updateUserSchema, body);
    const user = await this.commands.execute(
      new UpdateUserCommand(actorOf(me), email, {
        ...rest,
        role: role as Role | undefined,
        rewards: rewards as RewardsPatch | undefined,
      }),
    );
    return toUserDto(user);
  }

  @Delete('user/:email')
  @Roles('SUPERADMIN')
  async remove(@CurrentUser() me: UserRow, @Param('email') email: string) {
    await this.commands.execute(new DeleteUserCommand(actorOf(me), email));
    return { message: 'ok' };
  }

  @Put('partner/:email/deactivate')
  @Roles('SUPERADMIN')
  async deactivate(
    @CurrentUser() me: UserRow,
    @Param('email') email: string,
    @Body() body: unknown,
  ) {
    const { replaceBy } = validated<DeactivateUserBody>(deactivateUserSchema, body);
    const result = await this.commands.execute<DeactivateUserCommand, DeactivationResult>(
      new DeactivateUserCommand(actorOf(me), email, replaceBy),
    );
    return { message: 'ok', ...result };
  }

  /** Admin 'Trigrammes inactifs': the file slots still held by deactivated staff (paged). */
  @Get('user/inactiveStaff')
  @Roles('ADMIN', 'SUPERADMIN')
  inactiveStaff(@Query() query: unknown) {
    const { page = '0', pageSize = '100' } = validated<InactiveStaffQuery>(
      inactiveStaffQuerySchema,
      query,
    );
    const size = Number(pageSize);
    const all = this.staffFiles.inactiveStaff();
    const from = Number(page) * size;
    return { files: all.slice(from, from + size), total: all.length };
  }

  @Get('partner/staff')
  staff() {
    return this.users.staff().map(toStaffDto);
  }
}
